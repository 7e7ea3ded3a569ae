"""The four eager queues, with the constructors of ``tf.queue.FIFOQueue``, ``RandomShuffleQueue``,
``PaddingFIFOQueue`` and ``PriorityQueue`` (same parameters, defaults, checks and errors)."""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.queues.args import as_name_list, as_shape_list, as_type_list, shuffle_seeds
from tfdata_bridge._src.queues.base import EagerQueue, kernel_capacity
from tfdata_bridge._src.tf import tf


class FIFOQueue(EagerQueue):
    """A queue that dequeues elements in first-in first-out order: ``tf.queue.FIFOQueue`` in eager code.

    Same methods and semantics as TensorFlow's (blocking, close with and without cancel, the end of
    data as ``tf.errors.OutOfRangeError``, dict elements through ``names``, a bare tensor for a
    one-component element), checked against it by differential tests, plus ``as_dataset()``.
    Differences: blocking calls can be interrupted (KeyboardInterrupt); ``shared_name`` is accepted
    and ignored (eager TensorFlow ignores it too); ``name`` returns the name given (TensorFlow's
    eager queues return "Empty"), which also appears in error messages; an enqueue with more values
    than components raises ``tf.errors.InvalidArgumentError`` (TensorFlow silently drops the extra).
    """

    def __init__(self, capacity: int, dtypes: Any, shapes: Any = None, names: Any = None,
                 shared_name: str | None = None, name: str = "fifo_queue") -> None:
        dtypes = as_type_list(dtypes)
        shapes = as_shape_list(shapes)
        names = as_name_list(names, dtypes)
        super().__init__(capacity, dtypes, shapes, names, name)


class RandomShuffleQueue(EagerQueue):
    """A queue that dequeues elements in random order: ``tf.queue.RandomShuffleQueue`` in eager code.

    While the queue is open a dequeue leaves at least ``min_after_dequeue`` elements behind (it waits
    until more arrive); once it is closed, everything left can be dequeued. With a ``seed`` (or a
    global seed set with ``tf.random.set_seed``) the order is repeatable from run to run, though not
    the order TensorFlow's kernel would give. See ``FIFOQueue`` for the other differences.
    """

    _kind = _element_kind = "RandomShuffleQueue"

    def __init__(self, capacity: int, min_after_dequeue: int, dtypes: Any, shapes: Any = None,
                 names: Any = None, seed: int | None = None, shared_name: str | None = None,
                 name: str = "random_shuffle_queue") -> None:
        dtypes = as_type_list(dtypes)
        shapes = as_shape_list(shapes)
        names = as_name_list(names, dtypes)
        seed1, seed2 = shuffle_seeds(seed, shared_name)
        limit = kernel_capacity(capacity)
        if min_after_dequeue < 0:
            raise tf.errors.InvalidArgumentError(None, None, f"min_after_dequeue {min_after_dequeue} must be >= 0")
        if min_after_dequeue >= limit:
            raise tf.errors.InvalidArgumentError(
                None, None, f"min_after_dequeue {min_after_dequeue} must be < capacity {limit}")
        super().__init__(capacity, dtypes, shapes, names, name, channel_kind="random_shuffle",
                         min_after_dequeue=int(min_after_dequeue),
                         seed=None if (seed1, seed2) == (0, 0) else (seed1 << 32) | seed2)


class PaddingFIFOQueue(EagerQueue):
    """A FIFO queue whose components may vary in size: ``tf.queue.PaddingFIFOQueue`` in eager code.

    ``shapes`` is required; a ``None`` dimension varies from element to element, and
    ``dequeue_many`` / ``dequeue_up_to`` zero-pad (empty strings for strings) each component to the
    largest size in the batch. See ``FIFOQueue`` for the differences from TensorFlow.
    """

    _kind = "PaddingFIFOQueue"
    _pad = True

    def __init__(self, capacity: int, dtypes: Any, shapes: Any, names: Any = None,
                 shared_name: str | None = None, name: str = "padding_fifo_queue") -> None:
        dtypes = as_type_list(dtypes)
        shapes = as_shape_list(shapes, unknown_dim_allowed=True)
        names = as_name_list(names, dtypes)
        if len(dtypes) != len(shapes):
            raise ValueError("Shapes must be provided for all components, "
                             f"but received {len(dtypes)} dtypes and "
                             f"{len(shapes)} shapes.")
        super().__init__(capacity, dtypes, shapes, names, name)


class PriorityQueue(EagerQueue):
    """A queue that dequeues the element with the smallest priority first: ``tf.queue.PriorityQueue``
    in eager code.

    Each element starts with an int64 scalar priority (an int64 vector for ``enqueue_many``), then the
    components described by ``types`` and ``shapes``; ``names``, when given, names all of them, the
    priority first. ``shapes`` is required, as it is in TensorFlow 2. Elements of equal priority leave
    in the order they arrived (TensorFlow leaves that order unspecified). ``dequeue_up_to`` on a closed
    queue returns the fewer than ``n`` elements left, as documented for ``tf.queue.QueueBase``;
    TensorFlow's PriorityQueue kernel instead raises OutOfRangeError and loses them.
    """

    _kind = _element_kind = "PriorityQueue"

    def __init__(self, capacity: int, types: Any, shapes: Any = None, names: Any = None,
                 shared_name: str | None = None, name: str = "priority_queue") -> None:
        types = as_type_list(types)
        shapes = as_shape_list(shapes)
        if shapes is None:
            raise TypeError(
                "Expected list for 'shapes' argument to 'priority_queue_v2' Op, not None. "
                "A PriorityQueue needs the shapes of its components: pass shapes=[...], one per type"
            )
        if names is not None and not isinstance(names, (list, tuple)):
            names = [names]
        super().__init__(capacity, [tf.int64] + types, [tf.TensorShape([])] + shapes, names, name,
                         channel_kind="priority")
