"""The eager queues' shared implementation: ``tf.queue.QueueBase``'s methods over a ``Channel``.

The channel holds the elements (as numpy arrays) and implements the queue kernels' semantics; this
class checks arguments the way TensorFlow's Python ``QueueBase`` does, converts values in and tensors
out, and turns the channel's errors into ``tf.errors`` with TensorFlow's messages.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from numbers import Integral
from typing import Any

from tfdata_bridge._src.queues import values
from tfdata_bridge._src.queues.dataset import queue_dataset
from tfdata_bridge._src.runtime.channel import (
    Channel, ChannelClosedError, EnqueueCancelledError, EnqueueClosedError,
)
from tfdata_bridge._src.runtime.elements import stack
from tfdata_bridge._src.spec.signature import Signature, dtype_name, numpy_dtype
from tfdata_bridge._src.tf import tf

_UNBOUNDED = sys.maxsize
_INT32_MAX = 2**31 - 1  # what TensorFlow's kernels take a negative capacity to mean


def kernel_capacity(capacity: Any) -> int:
    """The capacity as TensorFlow's queue kernels read it: a negative one means no limit."""
    if isinstance(capacity, bool) or not isinstance(capacity, Integral):
        raise TypeError(f"capacity must be an int, got {capacity!r}; pass the most elements the queue may hold")
    capacity = int(capacity)
    if capacity == 0:
        raise ValueError(
            "capacity 0: a queue that can hold no element blocks every enqueue forever; "
            "pass a positive capacity, or a negative one for no limit"
        )
    return _INT32_MAX if capacity < 0 else capacity


class EagerQueue:
    """An eager ``tf.queue``-style queue backed by the bridge's channel (see ``FIFOQueue``)."""

    _kind = "FIFOQueue"  # the word TensorFlow's kernel uses in its messages
    _element_kind = "FIFOQueue"  # ... in enqueue and single-dequeue messages (PaddingFIFOQueue reuses FIFO's)
    _pad = False  # dequeue_many zero-pads components to the batch's largest shape

    def __init__(self, capacity: Any, dtypes: Sequence[Any], shapes: Sequence[Any] | None,
                 names: Sequence[Any] | None, name: str, *, channel_kind: str = "fifo",
                 min_after_dequeue: int = 0, seed: int | None = None) -> None:
        dtypes = [tf.dtypes.as_dtype(d) for d in dtypes]
        if shapes is not None and len(shapes) != len(dtypes):
            raise tf.errors.InvalidArgumentError(
                None, None,
                f"Different number of component types.  Types: {', '.join(d.name for d in dtypes)}, "
                f"Shapes: {[s.as_list() if s.rank is not None else None for s in shapes]}; give one shape per dtype",
            )
        if names is not None and len(names) != len(dtypes):
            raise ValueError("Queue names must have the same length as dtypes,"
                             f"received len(names)={len(names)},"
                             f"len {len(dtypes)}")
        capacity = kernel_capacity(capacity)
        self._dtypes = dtypes
        self._specified = shapes is not None  # TensorFlow's kernels batch only with specified shapes
        self._shapes = list(shapes) if shapes is not None else [tf.TensorShape(None) for _ in dtypes]
        self._names = list(names) if names is not None else None
        self._name = name
        self._capacity = capacity
        self._signature = Signature(
            tuple(dtype_name(d) for d in dtypes),
            tuple(tuple(s.as_list()) for s in shapes) if shapes is not None else None,
            tuple(names) if names else None,
            len(dtypes) == 1 and not names,
        )
        self._np_dtypes = [numpy_dtype(n) for n in self._signature.dtypes]
        self._dims = [None if s.rank is None else tuple(s.as_list()) for s in self._shapes]
        self._channel = Channel(_UNBOUNDED if capacity == _INT32_MAX else capacity, channel_kind,
                                min_after_dequeue=min_after_dequeue, seed=seed, name=name)

    def __repr__(self) -> str:
        return (f"<tfdata_bridge.{type(self).__name__} '{self._name}' {self._signature.describe()} "
                f"size={self._channel.size()} closed={self._channel.closed}>")

    # -- properties, as tf.queue.QueueBase's
    @property
    def name(self) -> str:
        """The queue's name (TensorFlow's eager queues report "Empty"; the bridge keeps the one given)."""
        return self._name

    @property
    def dtypes(self) -> list[Any]:
        """The list of dtypes for each component of a queue element."""
        return list(self._dtypes)

    @property
    def shapes(self) -> list[Any]:
        """The list of shapes for each component of a queue element (unknown where none was given)."""
        return list(self._shapes)

    @property
    def names(self) -> list[Any] | None:
        """The list of names for each component of a queue element, or None."""
        return None if self._names is None else list(self._names)

    # -- enqueue
    def enqueue(self, vals: Any, name: str | None = None) -> None:
        """Enqueue one element, blocking while the queue is full.

        Raises ``tf.errors.CancelledError`` when the queue is closed, or closed with
        ``cancel_pending_enqueues=True`` while this call waits. ``name`` is accepted and ignored.
        """
        self._outside_functions("enqueue")
        comps = values.components(vals, self._names)
        arrays = values.to_arrays(comps, self._dtypes, self._np_dtypes)
        values.check_shapes(arrays, self._dims, self._shapes)
        values.check_count(len(comps), self._dtypes, "enqueue")
        with self._errors(self._element_kind):
            self._channel.put(tuple(arrays))

    def enqueue_many(self, vals: Any, name: str | None = None) -> None:
        """Enqueue the elements of a batch (each component split along its first dimension), moving
        them in as room appears. An empty batch is a no-op, even on a closed queue (as in TensorFlow)."""
        self._outside_functions("enqueue_many")
        comps = values.components(vals, self._names)
        if not comps:
            values.check_count(0, self._dtypes, "enqueue_many")
        arrays = values.to_arrays(comps, self._dtypes, self._np_dtypes)
        size = values.check_batch(arrays, self._dims, self._shapes)
        values.check_count(len(comps), self._dtypes, "enqueue_many")
        if size == 0:
            return
        items = values.split(arrays, size)
        with self._errors(self._element_kind):
            self._channel.put_many(items)

    # -- dequeue
    def dequeue(self, name: str | None = None) -> Any:
        """Dequeue one element, blocking while the queue is empty (``tf.errors.OutOfRangeError`` once it
        is closed and empty)."""
        self._outside_functions("dequeue")
        with self._errors(self._element_kind):
            item = self._channel.get()
        return self._result(item)

    def dequeue_many(self, n: Any, name: str | None = None) -> Any:
        """Dequeue exactly ``n`` elements stacked along a new first dimension. If the queue is closed
        with fewer left, raises ``tf.errors.OutOfRangeError`` and leaves them in the queue."""
        return self._dequeue_batch(n, allow_smaller=False)

    def dequeue_up_to(self, n: Any, name: str | None = None) -> Any:
        """Like ``dequeue_many``, but once the queue is closed returns the fewer than ``n`` left (and
        raises ``tf.errors.OutOfRangeError`` only when none are)."""
        return self._dequeue_batch(n, allow_smaller=True)

    def _dequeue_batch(self, n: Any, *, allow_smaller: bool) -> Any:
        self._outside_functions("dequeue_up_to" if allow_smaller else "dequeue_many")
        n = int(tf.convert_to_tensor(n, dtype=tf.int32))  # TensorFlow's TypeError for a non-integer
        if n < 0:
            op = "DequeueUpToOp" if allow_smaller else "DequeueManyOp"
            raise tf.errors.InvalidArgumentError(None, None, f"{op} requested {n} < 0 elements")
        self._require_shapes()
        if n == 0:
            return self._result(values.empty_batch(self._shapes, self._np_dtypes))
        with self._errors(self._kind):
            items = self._channel.get_many(n, allow_smaller=allow_smaller)
        return self._result(stack(items, self._np_dtypes, pad=self._pad))

    def _require_shapes(self) -> None:
        if not self._specified:
            raise tf.errors.InvalidArgumentError(
                None, None,
                f"{self._kind}'s DequeueMany and DequeueUpTo require the components to have specified shapes.",
            )

    def _result(self, arrays: Sequence[Any]) -> Any:
        return values.result([values.to_tensor(a, d) for a, d in zip(arrays, self._dtypes)], self._names)

    # -- state
    def close(self, cancel_pending_enqueues: bool = False, name: str | None = None) -> None:
        """Close the queue: later enqueues fail, dequeues drain what is left.

        Without ``cancel_pending_enqueues`` the close waits behind the enqueues already blocked and
        returns once they have finished; closing a closed queue raises ``tf.errors.CancelledError``.
        With it, blocked enqueues (and closes) fail with ``tf.errors.CancelledError`` at once.
        """
        self._outside_functions("close")
        try:
            closed_now = self._channel.close_checked(bool(cancel_pending_enqueues))
        except EnqueueCancelledError:
            raise tf.errors.CancelledError(None, None, "Enqueue operation was cancelled") from None
        if not closed_now and not cancel_pending_enqueues:
            raise tf.errors.CancelledError(None, None, f"Queue '{self._name}' is already closed.")

    def _fail(self, error: BaseException) -> None:
        """A producer feeding this queue failed (an eager ``QueueRunner`` thread with no ``Coordinator``):
        close the queue so that, once the elements in it are dequeued, dequeues (and ``as_dataset()``)
        raise ``error`` instead of waiting for elements that will never come. A closed queue is left as
        it is: its consumer already sees the end."""
        if not self._channel.closed:
            self._channel.fail(error)

    def is_closed(self, name: str | None = None) -> Any:
        """A bool scalar tensor: whether the queue is closed."""
        self._outside_functions("is_closed")
        return tf.constant(self._channel.closed)

    def size(self, name: str | None = None) -> Any:
        """An int32 scalar tensor: the number of elements in the queue."""
        self._outside_functions("size")
        return tf.constant(self._channel.size(), dtype=tf.int32)

    def as_dataset(self, batch_size: int | None = None, allow_smaller_final_batch: bool = False) -> tf.data.Dataset:
        """A ``tf.data.Dataset`` of what has been and will be enqueued, ending when the queue is closed
        and drained: single elements, or with ``batch_size`` batches as ``dequeue_many`` takes them (the
        last, smaller batch stays in the queue unless ``allow_smaller_final_batch``, which takes it as
        ``dequeue_up_to`` does).

        Not restartable: the queue is shared state, so a second iteration continues from where the
        queue is, and the dataset's reads compete with direct dequeues. Elements cross into tf.data in
        chunks (every element ready, or a batch), so an iteration abandoned midway (``take``, ``break``)
        drops the rest of the chunk it was reading. An iteration waiting for elements waits until some
        arrive or the queue is closed.
        """
        if batch_size is not None:
            self._require_shapes()
        return queue_dataset(self._channel, self._signature, pad=self._pad, batch_size=batch_size,
                             allow_smaller_final_batch=allow_smaller_final_batch)

    def _outside_functions(self, method: str) -> None:
        """Refuse a call traced into a ``tf.function`` (or a graph): the queue's elements live in Python
        and its methods work on values, where a trace has only symbolic tensors."""
        if not tf.executing_eagerly():
            raise RuntimeError(
                f"{self._kind}.{method}() on the eager queue {self._name!r} was called inside a tf.function "
                "(or a graph): tfdata_bridge's eager queues hold their elements in Python and work on values, "
                "which a traced function does not have. Call it outside the tf.function; to read the queue "
                "inside one, iterate queue.as_dataset() (a tf.data.Dataset) there; in graph-mode programs "
                "(tf.compat.v1.disable_eager_execution()) create the queue in the graph instead."
            )

    @contextlib.contextmanager
    def _errors(self, kind: str) -> Iterator[None]:
        """The channel's errors as TensorFlow's, with its messages."""
        try:
            yield
        except EnqueueClosedError:
            raise tf.errors.CancelledError(None, None, f"{kind} '{self._name}' is closed.") from None
        except EnqueueCancelledError:
            raise tf.errors.CancelledError(None, None, "Enqueue operation was cancelled") from None
        except ChannelClosedError as e:
            raise tf.errors.OutOfRangeError(
                None, None,
                f"{kind} '{self._name}' is closed and has insufficient elements "
                f"(requested {e.requested}, current size {e.size})",
            ) from None
