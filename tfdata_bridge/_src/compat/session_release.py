"""Closing a drop-in ``Session`` releases the consumers waiting on its lifted pipelines at once.

Legacy's ``sess.close()`` cancelled a ``dequeue_many`` waiting in another thread's ``sess.run``: the
consumer got ``CancelledError`` at once, even while the producer (a ``py_func`` on a runner thread)
was still inside a long call. A lifted pipeline's ``get_next`` waits inside tf.data instead, and
TensorFlow cancels it only when the producer call it waits for returns (measured: a ``py_func`` blocked
for 60 s held the consumer for 60 s after ``close``; forever if the call never returns). A step that
runs in TensorFlow's executor cannot be abandoned from Python.

So a ``run`` whose fetches include a lifted pipeline's ``get_next`` tensors is made on a worker thread
of the session (one per consumer thread), and the calling thread waits in Python for its result or for
``close()``. ``close()`` wakes every such waiter, which raises ``CancelledError`` as legacy's did; the
worker's step ends when the producer call returns, its result is dropped, and the worker ends. The
handoff costs about two thread switches per ``run`` (a batch, not an element). Runs of other fetches
(an enqueue, a variable update) go straight to TensorFlow as before.

That holds for file pipelines too: a native read that blocks (a hung network file system, a named
pipe nobody writes) cannot be interrupted inside tf.data either, so their runs take the same handoff;
the stuck read's step ends, and its worker thread with it, when the read returns
(``docs/failure-behaviour.md`` has the figures).
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Callable

from tfdata_bridge._src.compat import pipelines
from tfdata_bridge._src.tf import tf

_CANCELLED = ("the Session was closed while this run waited on {name}: its elements will not come (legacy's "
              "queue gave this error when a session was closed under a waiting dequeue)")


class _Call:
    __slots__ = ("fn", "result", "error", "state", "waiter")

    def __init__(self, fn: Callable[[], Any]) -> None:
        self.fn = fn
        self.result: Any = None
        self.error: BaseException | None = None
        self.state = "waiting"  # then "done" or "cancelled", whichever comes first
        self.waiter = threading.Lock()
        self.waiter.acquire()  # released by the worker ("done") or by close() ("cancelled")


class _Worker:
    """The thread that makes one consumer thread's runs."""

    def __init__(self, releaser: Releaser) -> None:
        self.inbox: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self.current: _Call | None = None
        self._releaser = releaser
        threading.Thread(target=self._work, name="tfdata_bridge-session-run", daemon=True).start()

    def _work(self) -> None:
        while (call := self.inbox.get()) is not None:
            try:
                call.result = call.fn()
            except BaseException as e:  # noqa: BLE001 - handed to the waiting consumer
                call.error = e
            call.fn = None
            self._releaser.settle(call, "done")


class Releaser:
    """One per drop-in session: a worker per consumer thread, and what ``close()`` wakes."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._closed = False
        self._workers: dict[int, _Worker] = {}

    def run(self, fn: Callable[[], Any], name: str) -> Any:
        """``fn()`` on this thread's worker; raises ``CancelledError`` as soon as the session is closed."""
        me = threading.get_ident()
        worker = self._workers.get(me)
        if worker is None:
            with self._lock:
                if self._closed:
                    return fn()  # TensorFlow's own "Attempted to use a closed Session."
                alive = {t.ident for t in threading.enumerate()}
                for ident in [i for i in self._workers if i not in alive]:
                    self._workers.pop(ident).inbox.put(None)
                worker = self._workers[me] = _Worker(self)
        call = _Call(fn)
        worker.current = call
        worker.inbox.put(call)
        if self._closed:
            self.settle(call, "cancelled")
        call.waiter.acquire()  # Ctrl-C ends this wait; the run then ends on the worker, unseen
        if call.state == "cancelled":
            raise tf.errors.CancelledError(None, None, _CANCELLED.format(name=name))
        if call.error is not None:
            error, call.error = call.error, None
            raise error
        return call.result

    def settle(self, call: _Call, state: str) -> None:
        with self._lock:
            if call.state != "waiting":
                return
            call.state = state
        call.waiter.release()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            workers = list(self._workers.values())
            self._workers.clear()
        for worker in workers:
            if worker.current is not None:
                self.settle(worker.current, "cancelled")
            worker.inbox.put(None)


def waits_on(session: Any, fetches: Any) -> str | None:
    """The name of a lifted pipeline whose ``get_next`` is among ``fetches``, or None. Every lifted
    pipeline may wait on something TensorFlow cannot cancel: Python code, a queue's runners, and also a
    native file read (a file system that hangs, a named pipe nobody writes: issue 20 item 6, where the
    consumer was still blocked 30 s after ``close()``). So every run that reads one takes the handoff."""
    ours = pipelines.get_next_ops(session.graph)
    if not ours:
        return None
    try:
        flat = tf.nest.flatten(fetches)
    except (TypeError, ValueError):
        return None
    for fetch in flat:
        name = ours.get(getattr(getattr(fetch, "op", fetch), "name", None))
        if name is not None:
            return name
    return None
