"""The runner for producers that cannot be lifted into tf.data (a variable read, a placeholder, one of
TensorFlow's own queues or readers): exactly that stage stays what it was in legacy TensorFlow, a
queue kernel filled by ``QueueRunner``-style threads that each run an enqueue op, and tf.data reads
the queue (``dequeue_up_to`` in chunks) for the rest of the pipeline (shuffle, batch, prefetch).

Why TensorFlow's queue: the producer's ops then run in the enqueue op's ``sess.run``, in C++, with
nothing handed to Python per element, which is what legacy paid. (The bridge's first fallback fetched
each element into Python and fed a Python channel: 0.2x legacy on a file pipeline.)

``FallbackRunner`` is QueueRunner-compatible (``create_threads(sess, coord, daemon, start)``,
``to_proto``) and registered in the ``QUEUE_RUNNERS`` collection, so ``start_queue_runners`` and
``MonitoredSession`` start it, and an exported meta graph carries a TensorFlow ``QueueRunner`` for it.
Its threads behave as a ``QueueRunner``'s: each runs its enqueue op until ``OutOfRangeError``, the
last one to finish closes the queue, and any other error goes to the ``Coordinator``
(``request_stop(e)``, so ``Coordinator.join`` re-raises it) and the queue is cancelled, so the
consumer sees ``OutOfRangeError`` after the elements already queued. Without a coordinator the error
is logged, kept in ``exceptions_raised``, and queued as a last element that fails the consumer (with
the error's type name, message and the producer's name) instead of leaving it waiting.

Closing the session ends the threads quietly (TensorFlow's would fail their next ``sess.run`` and
report it): a blocked enqueue is cancelled by the close, and a thread whose ``sess.run`` fails
because the session closed ends without an error.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat.graph_queues import FIFOQueue, PaddingFIFOQueue, RandomShuffleQueue, internal_queue
from tfdata_bridge._src.compat.queue_reading import reader
from tfdata_bridge._src.compat.runner_loop import RunnerLoop
from tfdata_bridge._src.tf import plain, tf

logger = logging.getLogger("tfdata_bridge")
tf1 = tf.compat.v1

SESSION_POLL_S = 0.1  # how often the close-on-stop thread looks whether its session was closed


class FallbackRunner(RunnerLoop):
    """Runs one enqueue op per thread (``threads`` per tensor list) into a TensorFlow queue."""

    def __init__(self, tensor_lists: Sequence[Sequence[Any]], threads: int, keep: Any, dtypes: Sequence[Any],
                 shapes: Sequence[Any], *, enqueue_many: bool, capacity: int, name: str,
                 shuffle: tuple[int, Any] | None = None) -> None:
        """``shuffle``: ``(min_after_dequeue, seed)`` to hold the elements in a ``RandomShuffleQueue`` (for a
        batch call whose every producer falls back: the queue is then legacy's, ``batched`` reads it)."""
        self._name = name
        self._enqueue_many = enqueue_many
        shapes = [tf.TensorShape(s) for s in shapes]
        self._chunked = all(s.is_fully_defined() for s in shapes)
        # the last component: "" for an element, a message for a producer error (see _fail)
        dtypes_, shapes_ = list(dtypes) + [tf.string], shapes + [tf.TensorShape([])]
        queue_name = f"{name}_fallback_queue"
        if shuffle is not None:
            self.queue = internal_queue(RandomShuffleQueue, capacity, shuffle[0], dtypes_, shapes_, seed=shuffle[1],
                                        name=queue_name)
        else:
            queue_class = FIFOQueue if self._chunked else PaddingFIFOQueue
            self.queue = internal_queue(queue_class, capacity, dtypes_, shapes_, name=queue_name)
        ops = [self._enqueue(list(tensors), keep) for tensors in tensor_lists]
        self._enqueue_ops = [op for op in ops for _ in range(threads)]  # as legacy: each op run by N threads
        self._message = tf1.placeholder_with_default("", [], name=f"{name}_fallback_error")
        fillers = [tf.zeros([d if d is not None else 0 for d in s.as_list()], dt) for s, dt in zip(shapes, dtypes)]
        self._fail_op = self.queue.enqueue(fillers + [self._message])
        self._close_op = self.queue.close()
        self._cancel_op = self.queue.close(cancel_pending_enqueues=True)
        self._init_loop()

    def _enqueue(self, tensors: list[Any], keep: Any) -> Any:
        """The enqueue op of one tensor list, with ``keep_input`` as legacy's ``_enqueue`` applies it."""
        q = self.queue
        if not self._enqueue_many:
            ok = tf.constant("")
            if keep is None:
                return q.enqueue(tensors + [ok])
            return tf.cond(keep, lambda: q.enqueue(tensors + [ok]), tf1.no_op)
        if keep is not None and keep.shape.rank == 1:
            tensors = [tf.boolean_mask(t, keep) for t in tensors]
        ok = tf.fill(tf.shape(tensors[0])[:1], "")
        if keep is not None and keep.shape.rank == 0:
            return tf.cond(keep, lambda: q.enqueue_many(tensors + [ok]), tf1.no_op)
        return q.enqueue_many(tensors + [ok])

    # -- the QueueRunner interface
    name = property(lambda self: self._name)
    enqueue_ops = property(lambda self: self._enqueue_ops)
    close_op = property(lambda self: self._close_op)
    cancel_op = property(lambda self: self._cancel_op)
    queue_closed_exception_types = property(lambda self: self._queue_closed_exception_types)
    _queue_closed_exception_types = (tf.errors.OutOfRangeError,)  # the attribute QueueRunner.to_proto reads
    exceptions_raised = property(lambda self: self._exceptions_raised)

    def to_proto(self, export_scope: str | None = None) -> Any:
        """A ``QueueRunnerDef``, as TensorFlow's ``QueueRunner.to_proto`` makes it: an imported graph gets
        a TensorFlow ``QueueRunner`` that fills the queue as legacy's did."""
        return tf1.train.QueueRunner.to_proto(self, export_scope)

    # -- the thread loop's hooks (runner_loop.py)
    def _thread_name(self, index: int, op: Any) -> str:
        return f"QueueRunnerThread-{self._name}-{index}"

    def _ended_quietly(self, sess: Any, coord: Any) -> bool:
        # the consumer closed the session, or the coordinator stopped: a stop, not a failure
        return tf_private.session_closed(sess) or (coord is not None and coord.should_stop())

    def _failed(self, sess: Any, op: Any, error: BaseException) -> None:
        self._fail(sess, error)

    def _wait_for_stop(self, sess: Any, coord: Any) -> bool:
        while not coord.wait_for_stop(SESSION_POLL_S):
            if tf_private.session_closed(sess):
                return False
        return True

    def _fail(self, sess: Any, error: BaseException) -> None:
        """Queue a last element that fails the consumer with ``error``, then close the queue."""
        text = getattr(error, "message", None) or str(error)
        message = (f"{type(error).__name__}: {text}\n[tfdata_bridge] raised by producer '{self._name}' on thread "
                   f"'{threading.current_thread().name}' (a fallback runner, no Coordinator)")
        try:
            sess.run(self._fail_op, feed_dict={self._message: message})
        except Exception as e:  # noqa: BLE001 - the session or queue is already gone: nothing to tell
            logger.debug("Could not queue the producer's error: %s", e)
        self._quietly(sess, self._close_op)

    # -- the dataset side
    def dataset(self, chunk: int) -> Any:
        """The queued elements as flat tuples, read ``chunk`` at a time where the shapes allow it; a
        producer error queued by ``_fail`` raises ``InvalidArgumentError`` with its message."""
        n = len(self.queue.dtypes) - 1
        if self._chunked and chunk > 1:
            ds = tf_private.unbatch(reader(self.queue, "dequeue_up_to", chunk).map(plain(lambda *c: _checked(c, n))))
        else:
            ds = reader(self.queue, "dequeue", None).map(plain(lambda *c: _checked(c, n)))
        return ds

    def batched(self, batch_size: int, allow_smaller_final_batch: bool) -> list[Any]:
        """The batch tensors, for a batch call whose every producer falls back: TensorFlow's own
        ``dequeue_many`` / ``dequeue_up_to`` op on the queue, as legacy's (a shuffle queue's order and
        ``min_after_dequeue``, a padding queue's padding, the end's short batch dropped or kept), with
        nothing between it and the consumer but the check for a queued producer error."""
        n = len(self.queue.dtypes) - 1
        dequeue = tf.raw_ops.QueueDequeueUpToV2 if allow_smaller_final_batch else tf.raw_ops.QueueDequeueManyV2
        components = dequeue(handle=self.queue.queue_ref, n=batch_size, component_types=self.queue.dtypes)
        batch = tf.TensorShape([None if allow_smaller_final_batch else batch_size])
        for c, shape in zip(components, self.queue.shapes):
            c.set_shape(batch.concatenate(shape))
        return list(_checked(components, n))


def _checked(components: Sequence[Any], n: int) -> tuple[Any, ...]:
    status = components[n]
    ok = tf.debugging.Assert(tf.reduce_all(tf.equal(status, "")), [tf.strings.reduce_join(status)], summarize=1)
    with tf.control_dependencies([ok]):
        return tuple(tf.identity(c) for c in components[:n])
