"""The runner for producers that cannot be lifted into tf.data (a variable read, a placeholder, one of
TensorFlow's own queues or readers): Python threads call ``sess.run`` on the producer's tensors and
feed a bounded channel, which the batch's dataset reads in chunks.

``FallbackRunner`` is QueueRunner-compatible (``create_threads(sess, coord, daemon, start)``) and is
registered in the ``QUEUE_RUNNERS`` collection, so ``start_queue_runners`` and ``MonitoredSession``
start it. Its threads behave as a ``QueueRunner``'s: each runs its fetches until ``OutOfRangeError``,
the last one to finish closes the channel, and any other error goes to the ``Coordinator``
(``request_stop(e)``, so ``Coordinator.join`` re-raises it) and cancels the channel, so the consumer
sees ``OutOfRangeError`` after the elements already buffered. Without a coordinator the error is
logged, kept in ``exceptions_raised``, and handed to the consumer instead of leaving it waiting.

Closing the session ends the threads (where TensorFlow's would fail their next ``sess.run`` and report
it): a thread blocked on the full channel sees the close within ``SESSION_POLL_S``, cancels the channel
and ends, and one whose ``sess.run`` fails because the session closed ends without an error.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from tfdata_bridge._src.compat import tf_private
from tfdata_bridge._src.runtime import failures
from tfdata_bridge._src.runtime.channel import Channel, EnqueueCancelledError, EnqueueClosedError
from tfdata_bridge._src.runtime.elements import stack
from tfdata_bridge._src.tf import tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1

CHUNK = 128
WAIT_WARNING_S = 10.0
SESSION_POLL_S = 0.1  # how often a blocked runner thread looks whether its session was closed


class FallbackRunner:
    """Runs ``fetch_lists`` (one thread per list) in a session and feeds their elements to a channel."""

    def __init__(self, fetch_lists: Sequence[Sequence[Any]], keep: Any, dtypes: Sequence[Any],
                 shapes: Sequence[Any], *, enqueue_many: bool, capacity: int, name: str) -> None:
        self._keep = keep is not None
        self._fetches = [list(fl) + ([keep] if keep is not None else []) for fl in fetch_lists]
        self._dtypes = [tf.as_dtype(d) for d in dtypes]
        self._np_dtypes = [np.dtype(object) if d == tf.string else np.dtype(d.as_numpy_dtype) for d in self._dtypes]
        self._shapes = [tf.TensorShape(s) for s in shapes]
        self._enqueue_many = enqueue_many
        self._capacity = capacity
        self._name = name
        self._lock = threading.Lock()
        self._runs_per_session: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()
        self._exceptions_raised: list[BaseException] = []
        self._started = False
        self.channel = Channel(capacity, name=name)
        # Graph elements TensorFlow's QueueRunner.to_proto reads when a meta graph is exported. A graph
        # imported from that meta graph gets a TensorFlow QueueRunner whose "enqueue" op ends at once
        # (OutOfRangeError), rather than one re-running the producer and dropping what it makes.
        self._marker = tf1.no_op(name="fallback_runner")
        ended = tf1.data.make_one_shot_iterator(tf1.data.Dataset.range(0)).get_next(name="fallback_runner_ended")
        self.enqueue_ops = [ended.op for _ in self._fetches]
        self.close_op = self.cancel_op = self._marker
        self._queue_closed_exception_types = (tf.errors.OutOfRangeError,)

    # -- the QueueRunner interface
    @property
    def queue(self) -> Any:
        return self._marker

    @property
    def name(self) -> str:
        return self._name

    @property
    def queue_closed_exception_types(self) -> tuple[type, ...]:
        return self._queue_closed_exception_types

    @property
    def exceptions_raised(self) -> list[BaseException]:
        return self._exceptions_raised

    def create_threads(self, sess: Any, coord: Any = None, daemon: bool = False, start: bool = False) -> list[threading.Thread]:
        with self._lock:
            if self._runs_per_session.get(sess, 0) > 0:
                return []
            if self.channel.closed:  # a new run (a new session) gets a new channel
                self.channel = Channel(self._capacity, name=self._name)
            self._runs_per_session[sess] = len(self._fetches)
            self._exceptions_raised = []
            self._started = True
            channel = self.channel
        threads = [
            threading.Thread(target=self._run, args=(sess, fetches, coord, channel),
                             name=f"QueueRunnerThread-{self._name}-{i}")
            for i, fetches in enumerate(self._fetches)
        ]
        if coord is not None:
            threads.append(threading.Thread(target=self._close_on_stop, args=(sess, coord, channel),
                                            name=f"QueueRunnerThread-{self._name}-close_on_stop"))
        for t in threads:
            if coord is not None:
                coord.register_thread(t)
            t.daemon = daemon
            if start:
                t.start()
        return threads

    # -- threads
    def _run(self, sess: Any, fetches: list[Any], coord: Any, channel: Channel) -> None:
        finished = False
        try:
            call = sess.make_callable(fetches)
            while not (coord is not None and coord.should_stop()):
                try:
                    values = call()
                except self._queue_closed_exception_types:
                    finished = True
                    self._finish(sess, channel)
                    return
                try:
                    if not self._put(sess, channel, self._elements(values)):
                        return
                except (EnqueueClosedError, EnqueueCancelledError):
                    return
        except Exception as e:  # noqa: BLE001 - reported as TensorFlow's QueueRunner reports it
            if tf_private.session_closed(sess):  # the consumer closed the session: a stop, not a failure
                channel.close(cancel_pending_enqueues=True)
            elif coord is not None:
                coord.request_stop(e)
                channel.close(cancel_pending_enqueues=True)
            else:
                logger.error("Exception in QueueRunner: %s", e)
                with self._lock:
                    self._exceptions_raised.append(e)
                channel.fail(failures.mark(e, producer=self._name, thread=threading.current_thread().name))
                raise
        finally:
            if not finished:
                with self._lock:
                    self._runs_per_session[sess] = self._runs_per_session.get(sess, 1) - 1

    def _finish(self, sess: Any, channel: Channel) -> None:
        with self._lock:
            self._runs_per_session[sess] -= 1
            last = self._runs_per_session[sess] == 0
        if last:
            channel.close()

    @staticmethod
    def _put(sess: Any, channel: Channel, items: list[tuple[Any, ...]]) -> bool:
        """Enqueue ``items`` in order, waiting while the channel is full; False (the rest dropped, the
        channel cancelled) once ``sess`` is closed."""
        for item in items:
            while True:
                try:
                    channel.put(item, timeout=SESSION_POLL_S)
                    break
                except TimeoutError:
                    if tf_private.session_closed(sess):
                        channel.close(cancel_pending_enqueues=True)
                        return False
        return True

    @staticmethod
    def _close_on_stop(sess: Any, coord: Any, channel: Channel) -> None:
        while not coord.wait_for_stop(SESSION_POLL_S):
            if tf_private.session_closed(sess):
                break
        channel.close(cancel_pending_enqueues=True)

    def _elements(self, values: Sequence[Any]) -> list[tuple[Any, ...]]:
        comps = [np.asarray(v) for v in values]
        keep = comps.pop() if self._keep else None
        if not self._enqueue_many:
            if keep is not None and not bool(keep):
                return []
            self._check_shapes(comps, batched=False)
            return [tuple(comps)]
        sizes = {c.shape[0] if c.ndim else None for c in comps}
        if None in sizes or len(sizes) != 1:
            raise tf.errors.InvalidArgumentError(
                None, None, f"Expected all components of enqueue_many to have the same batch size, got {sorted(map(str, sizes))}")
        self._check_shapes(comps, batched=True)
        n = sizes.pop()
        rows = range(n)
        if keep is not None:
            rows = [i for i in rows if (bool(keep) if keep.ndim == 0 else bool(keep[i]))]
        return [tuple(c[i] for c in comps) for i in rows]

    def _check_shapes(self, comps: list[np.ndarray], batched: bool) -> None:
        for i, (c, shape) in enumerate(zip(comps, self._shapes)):
            actual = c.shape[1:] if batched else c.shape
            if not shape.is_compatible_with(actual):
                # The message TensorFlow's enqueue kernel gives.
                raise tf.errors.InvalidArgumentError(
                    None, None, f"Shape mismatch in tuple component {i}. Expected {shape.as_list()}, got {list(actual)}")

    # -- the dataset side
    def dataset(self) -> Any:
        """A dataset of the elements the threads produce (one flat tuple per element)."""
        stackable = all(s.is_fully_defined() for s in self._shapes)
        prefix = (None,) if stackable else ()
        signature = tuple(
            tf.TensorSpec(prefix + tuple(s.as_list()) if s.rank is not None else None, d)
            for s, d in zip(self._shapes, self._dtypes)
        )
        ds = tf1.data.Dataset.from_generator(lambda: self._generate(stackable), output_signature=signature)
        return ds.unbatch() if stackable else ds

    def _generate(self, stackable: bool) -> Iterator[tuple[Any, ...]]:
        waited = 0.0
        while True:
            channel = self.channel
            try:
                items = channel.get_available(CHUNK if stackable else 1, timeout=1.0)
            except TimeoutError:
                waited += 1.0
                if not self._started and waited >= WAIT_WARNING_S:
                    logger.warning(
                        "%s: waiting for its runner thread; call tf.train.start_queue_runners(sess) (a "
                        "MonitoredSession does) to start it", self._name)
                    waited = -float("inf")
                continue
            if not items:
                if channel is self.channel:
                    return
                continue
            if stackable:
                yield tuple(stack(items, self._np_dtypes))
            else:
                yield items[0]

