"""One QueueRunner thread loop, shared by the drop-in's ``QueueRunner`` (``runners.py``) and the runner of
producers that stay in legacy TensorFlow (``fallback.py``), as TensorFlow's ``QueueRunner`` runs them:

- one thread per enqueue op, each running its op until the queue says it is closed (one of the runner's
  ``closed_types``: ``OutOfRangeError``); the last of a session's threads to finish closes the queue;
- with a ``Coordinator``: a stop ends the threads and a further thread cancels the queue's pending
  enqueues; any other error goes to ``coord.request_stop(e)``, so ``Coordinator.join`` re-raises it;
- without one: the error is logged, kept in ``exceptions_raised`` and handed to ``_failed`` (each runner
  tells its consumer, rather than leaving it waiting as TensorFlow's would), then raised in the thread;
- ``create_threads`` returns ``[]`` while threads for the session are still running.

A runner class provides ``_enqueue_ops``, ``_close_op``, ``_cancel_op`` and ``name``, calls ``_init_loop()``,
and overrides the hooks where it differs (eager callables, a closed session ending the threads quietly).
"""

from __future__ import annotations

import logging
import threading
import weakref
from typing import Any

from tfdata_bridge._src.tf import tf

logger = logging.getLogger("tfdata_bridge")


class RunnerLoop:
    """The threads of a QueueRunner-compatible runner (see the module docstring)."""

    _enqueue_ops: Any
    _close_op: Any
    _cancel_op: Any
    name: Any

    def _init_loop(self) -> None:
        self._lock = threading.Lock()
        self._runs_per_session: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self._exceptions_raised: list[BaseException] = []

    # -- hooks
    def _closed_types(self) -> tuple[type[BaseException], ...]:
        """What an enqueue raises once the queue is closed: that thread's end, not an error."""
        return (tf.errors.OutOfRangeError,)

    def _runner(self, sess: Any, op: Any) -> Any:
        """A zero-argument callable running ``op`` in ``sess``."""
        return sess.make_callable(op)

    def _thread_ops(self) -> list[Any]:
        return list(self._enqueue_ops)

    def _session_key(self, sess: Any) -> Any:
        return sess

    def _thread_name(self, index: int, op: Any) -> str:
        # (an eager callable has no name: its index; an op given by its name string fails here as legacy's
        # create_threads did: AttributeError: 'str' object has no attribute 'name')
        name = op.name if isinstance(op, str) else getattr(op, "name", index)
        return f"QueueRunnerThread-{self.name}-{name}"

    def _on_thread_start(self) -> None:
        """Called first in each enqueue thread."""

    def _ended_quietly(self, sess: Any, coord: Any) -> bool:
        """Whether an error in a thread is the end of the run rather than a failure to report."""
        return False

    def _failed(self, sess: Any, op: Any, error: BaseException) -> None:
        """No Coordinator: tell the queue's consumer about ``error``."""

    def _wait_for_stop(self, sess: Any, coord: Any) -> bool:
        """Wait for ``coord``'s stop; False where the queue needs no cancelling after all."""
        coord.wait_for_stop()
        return True

    # -- the threads
    def create_threads(self, sess: Any, coord: Any = None, daemon: bool = False,
                       start: bool = False) -> list[threading.Thread]:
        """Create (and optionally start) one thread per enqueue op, plus one that cancels the queue when
        ``coord`` requests a stop. Returns ``[]`` while threads for ``sess`` are still running."""
        key = self._session_key(sess)
        ops = self._thread_ops()
        with self._lock:
            if self._runs_per_session.get(key, 0) > 0:
                return []
            self._runs_per_session[key] = len(ops)
            self._exceptions_raised = []
        threads = [threading.Thread(target=self._run, args=(key, op, coord), name=self._thread_name(i, op))
                   for i, op in enumerate(ops)]
        if coord is not None:
            threads.append(threading.Thread(target=self._close_on_stop, args=(key, coord),
                                            name=f"QueueRunnerThread-{self.name}-close_on_stop"))
        for t in threads:
            if coord is not None:
                coord.register_thread(t)
            if daemon:
                t.daemon = True
            if start:
                t.start()
        return threads

    def _run(self, sess: Any, op: Any, coord: Any = None) -> None:
        self._on_thread_start()
        counted = False
        try:
            enqueue = self._runner(sess, op)
            while not (coord is not None and coord.should_stop()):
                try:
                    enqueue()
                except self._closed_types():  # this thread is done; the last one closes the queue
                    counted = True
                    with self._lock:
                        if self._count_out(sess):
                            self._quietly(sess, self._close_op)
                    return
        except Exception as e:  # noqa: BLE001 - reported as TensorFlow's QueueRunner reports it
            if self._ended_quietly(sess, coord):
                return
            if coord is not None:
                coord.request_stop(e)
                return
            logger.error("Exception in QueueRunner: %s", e)
            with self._lock:
                self._exceptions_raised.append(e)
            self._failed(sess, op, e)
            raise
        finally:
            if not counted:
                with self._lock:
                    self._count_out(sess)

    def _count_out(self, sess: Any) -> bool:
        """One of ``sess``'s threads is done (the lock held); True for the last one."""
        self._runs_per_session[sess] = self._runs_per_session.get(sess, 1) - 1
        return self._runs_per_session[sess] == 0

    def _quietly(self, sess: Any, op: Any) -> None:
        try:
            self._runner(sess, op)()
        except Exception as e:  # noqa: BLE001 - as TensorFlow: ignored
            logger.debug("Ignored exception: %s", e)

    def _close_on_stop(self, sess: Any, coord: Any) -> None:
        if self._wait_for_stop(sess, coord):
            self._quietly(sess, self._cancel_op)
