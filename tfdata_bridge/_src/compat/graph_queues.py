"""The drop-in's queues: ``tf.FIFOQueue``, ``tf.RandomShuffleQueue``, ``tf.PaddingFIFOQueue``,
``tf.PriorityQueue`` and ``tf.QueueBase`` (also under ``tf.queue`` and ``tf.io``).

In graph mode each is a ``tf.queue.QueueBase`` whose elements are held by TensorFlow's own queue
kernel: enqueue, ``enqueue_many``, ``close``, ``is_closed``, ``size`` and the dequeues are TensorFlow's
ops, so feeding threads, ``feed_dict``, ``Coordinator`` and queue runners behave exactly as before, at
legacy's cost; a batch over a dequeue reads the queue from tf.data (``queue_reading.element_dataset``),
and a fed enqueue can skip its session step (``fast_feed``). In eager mode the constructors return the
bridge's eager queues (``tfdata_bridge.FIFOQueue`` and friends).

Why the kernel holds the elements: measured on the feed-thread program (a thread running
``sess.run(enqueue_op, feed_dict)`` per element), a ``numpy_function`` enqueue into a Python channel
ran at about 0.7x the legacy queue, TensorFlow's queue kernel at 1.0x (``benchmarks/cases/seed1_dropin.py``).
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from tfdata_bridge._src.compat import fast_feed, queue_shapes
from tfdata_bridge._src import tf_private
from tfdata_bridge._src.compat.notice import notice
from tfdata_bridge._src.queues.args import (
    as_name_list, as_shape_list, as_type_list, resource_name, shuffle_seeds,
)
from tfdata_bridge._src.compat.queue_reading import (  # noqa: F401 - the interface lifting uses
    DequeueSource, dequeue_source, element_dataset, queue_for_tensor, read, reopener,
)
from tfdata_bridge._src.tf import tf

_QUEUES_MODULE = "tfdata_bridge._src.queues"


def _eager_class(path: str) -> Any:
    try:
        module = importlib.import_module(_QUEUES_MODULE)
    except ImportError:
        module = None
    cls = getattr(module, path, None)
    if cls is None and path == "QueueBase":
        return tf.queue.QueueBase  # a queue over an eager queue_ref: TensorFlow's own works eagerly
    if cls is None:
        raise NotImplementedError(f"tf.compat.v1.{path} in eager mode needs {_QUEUES_MODULE}.{path}")
    return cls


class QueueBase(tf.queue.QueueBase):
    """A queue: TensorFlow's ``QueueBase`` whose dequeues a batch pipeline can read through tf.data.

    ``QueueBase(dtypes, shapes, names, queue_ref)`` wraps any queue reference, one made by TensorFlow
    itself included; ``element_dataset`` (lifting) needs a queue op's output with a ``shared_name``.

    State and sessions: the elements live in the queue kernel's resource, so, as in legacy
    TensorFlow, each ``tf.Session`` has its own queue (a ``DirectSession`` has its own devices), and
    closing a session cancels the enqueues and dequeues blocked in it. The Python object holds no
    elements. ``shared_name`` means what it means in TensorFlow: queues with the same ``shared_name``
    on the same device (and server, in distributed TensorFlow) are one queue. Without one, the bridge
    still names the resource (``element_dataset`` finds the queue by that name); the generated name
    (``tfdb<N>_<name>``) is what error messages show where legacy TensorFlow showed ``_<N>_<name>``.

    Eager mode: the constructors return the bridge's eager queues (``tfdata_bridge.FIFOQueue`` and
    friends, backed by a Python channel, with ``as_dataset()``); they are not instances of these
    classes, and ``from_list`` does not take them.
    """

    _tfdb_path = "QueueBase"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _set_signature(cls)

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        notice(cls._tfdb_path, stacklevel=2)
        if tf.executing_eagerly():
            return _eager_class(cls._tfdb_path)(*args, **kwargs)
        return super().__new__(cls)

    def __init__(self, dtypes, shapes, names, queue_ref):  # noqa: D107 - TensorFlow's signature
        super().__init__(dtypes, shapes, names, queue_ref)
        self._tfdb_reopen = reopener(queue_ref)
        if self._tfdb_reopen is not None:
            queue_shapes.made(self)

    @staticmethod
    def from_list(index, queues):
        """Create a queue using the queue reference from ``queues[index]`` (TensorFlow's rules). An input
        producer among ``queues`` (which runs on tf.data and has no queue reference of its own) takes part
        through TensorFlow's own queue of its rows, filled by its ``QueueRunner`` (``InputQueue.share``), as
        legacy's filename queue did: switching train and validation producers by a placeholder reads each
        producer's rows in its order, each row once."""
        from tfdata_bridge._src.compat.input_producers import InputQueue

        def as_queue(queue: Any) -> Any:
            if isinstance(queue, InputQueue):
                queue.share()
                return queue.tensorflow_queue()
            return queue

        chosen = tf.queue.QueueBase.from_list(index, [as_queue(q) for q in queues] if isinstance(
            queues, (list, tuple)) else queues)
        if tf.executing_eagerly():
            return chosen
        queue = object.__new__(QueueBase)
        QueueBase.__init__(queue, chosen.dtypes, chosen.shapes, chosen.names, chosen.queue_ref)
        return queue

    def dequeue(self, name=None):
        """Dequeues one element (TensorFlow's own dequeue op, recorded so a batch over it can be lifted).

        Blocks while the queue is empty; raises ``tf.errors.OutOfRangeError`` once it is closed and
        empty, and ``tf.errors.CancelledError`` when the session closes.
        """
        return self._tfdb_read("dequeue", None, name or f"{self._name}_Dequeue")

    def dequeue_many(self, n, name=None):
        """Dequeues and concatenates ``n`` elements (static batch dimension ``n`` when it is a
        constant). At close with fewer than ``n`` left, raises ``OutOfRangeError`` and keeps them;
        blocks while too few are there (a RandomShuffleQueue: while ``min_after_dequeue`` would not
        remain), until the queue is closed."""
        return self._tfdb_read("dequeue_many", n, name or f"{self._name}_DequeueMany")

    def dequeue_up_to(self, n, name=None):
        """As ``dequeue_many``, but at close returns the last, smaller batch (batch dimension None)."""
        return self._tfdb_read("dequeue_up_to", n, name or f"{self._name}_DequeueUpTo")

    def _tfdb_read(self, method: str, n: Any, name: str) -> Any:
        if method != "dequeue":
            queue_shapes.read_batched(self, method, name)
        return tf_private.dequeue_return_value(self, read(self, method, n, name))

    def enqueue(self, vals, name=None):
        """TensorFlow's enqueue op; one fed straight from placeholders can skip the session step when a
        drop-in ``Session`` runs it (``fast_feed.py``)."""
        op = super().enqueue(vals, name=name)
        queue_shapes.wrote(self, op, many=False)
        fast_feed.register_enqueue(self, op, self._tfdb_values(vals), many=False)
        return op

    def enqueue_many(self, vals, name=None):
        """TensorFlow's enqueue_many op (see ``enqueue`` for the fast path)."""
        op = super().enqueue_many(vals, name=name)
        queue_shapes.wrote(self, op, many=True)
        fast_feed.register_enqueue(self, op, self._tfdb_values(vals), many=True)
        return op

    def close(self, cancel_pending_enqueues=False, name=None):
        """TensorFlow's close op; run by a drop-in ``Session``, what the fast path still holds for this
        queue goes in first."""
        op = super().close(cancel_pending_enqueues=cancel_pending_enqueues, name=name)
        fast_feed.register_close(self, op, cancel=bool(cancel_pending_enqueues))
        return op

    def _tfdb_values(self, vals: Any) -> list[Any]:
        """The enqueued values in component order, as ``enqueue`` takes them."""
        if isinstance(vals, dict):
            return [vals.get(k) for k in (self._names or [])]
        return list(vals) if isinstance(vals, (list, tuple)) else [vals]


DEQUEUE_CANCELLED = "Dequeue operation was cancelled"


def cancelled_dequeue(fetches: Any, error: Any) -> Any:
    """``error``, or, for a ``CancelledError`` without a message (a dequeue's tf.data step cancelled by
    ``Session.close()`` before the queue kernel's own cancellation reached it) of a run fetching a
    bridge queue's dequeue, the error legacy's kernel gave: "Dequeue operation was cancelled"."""
    if not isinstance(error, tf.errors.CancelledError) or (error.message or "").strip():
        return error
    try:
        flat = tf.nest.flatten(fetches)
    except (TypeError, ValueError):
        return error
    if not any(dequeue_source(f) is not None for f in flat if isinstance(f, tf.Tensor)):
        return error
    return tf.errors.CancelledError(error.node_def, error.op, DEQUEUE_CANCELLED)


def internal_queue(cls: type, *args: Any, **kwargs: Any) -> Any:
    """A graph-mode queue of class ``cls`` made by the bridge itself (no teaching warning: the program did
    not ask for a queue)."""
    queue = object.__new__(cls)
    queue.__init__(*args, **kwargs)
    return queue


def _set_signature(cls: type) -> None:
    """Make ``inspect.signature(cls)`` show the constructor's parameters, not ``__new__``'s."""
    signature = inspect.signature(cls.__init__)
    cls.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])


_set_signature(QueueBase)


class FIFOQueue(QueueBase):
    """``tf.compat.v1.FIFOQueue``, read through tf.data. See ``QueueBase`` for sessions and
    ``shared_name``."""

    _tfdb_path = "FIFOQueue"

    def __init__(self, capacity, dtypes, shapes=None, names=None, shared_name=None, name="fifo_queue"):
        dtypes = as_type_list(dtypes)
        shapes = as_shape_list(shapes)
        names = as_name_list(names, dtypes)
        with tf.init_scope(), tf.device("CPU"):
            queue_ref = tf.raw_ops.FIFOQueueV2(
                component_types=dtypes, shapes=shapes or [], capacity=capacity,
                shared_name=resource_name(shared_name, name), name=name,
            )
        super().__init__(dtypes, shapes, names, queue_ref)


class RandomShuffleQueue(QueueBase):
    """``tf.compat.v1.RandomShuffleQueue``, read through tf.data; the order is the legacy kernel's.
    See ``QueueBase`` for sessions and ``shared_name``."""

    _tfdb_path = "RandomShuffleQueue"

    def __init__(self, capacity, min_after_dequeue, dtypes, shapes=None, names=None, seed=None,
                 shared_name=None, name="random_shuffle_queue"):
        dtypes = as_type_list(dtypes)
        shapes = as_shape_list(shapes)
        names = as_name_list(names, dtypes)
        seed1, seed2 = shuffle_seeds(seed, shared_name)
        queue_ref = tf.raw_ops.RandomShuffleQueueV2(
            component_types=dtypes, shapes=shapes or [], capacity=capacity,
            min_after_dequeue=min_after_dequeue, seed=seed1, seed2=seed2,
            shared_name=resource_name(shared_name, name), name=name,
        )
        super().__init__(dtypes, shapes, names, queue_ref)


class PaddingFIFOQueue(QueueBase):
    """``tf.compat.v1.PaddingFIFOQueue``, read through tf.data; ``dequeue_many`` pads with zeros as
    the legacy kernel does. See ``QueueBase`` for sessions and ``shared_name``."""

    _tfdb_path = "PaddingFIFOQueue"

    def __init__(self, capacity, dtypes, shapes, names=None, shared_name=None, name="padding_fifo_queue"):
        dtypes = as_type_list(dtypes)
        shapes = as_shape_list(shapes, unknown_dim_allowed=True)
        names = as_name_list(names, dtypes)
        if len(dtypes) != len(shapes):
            raise ValueError(
                "Shapes must be provided for all components, "
                f"but received {len(dtypes)} dtypes and {len(shapes)} shapes."
            )
        queue_ref = tf.raw_ops.PaddingFIFOQueueV2(
            component_types=dtypes, shapes=shapes, capacity=capacity,
            shared_name=resource_name(shared_name, name), name=name,
        )
        super().__init__(dtypes, shapes, names, queue_ref)


class PriorityQueue(QueueBase):
    """``tf.compat.v1.PriorityQueue``, read through tf.data: elements start with an int64 priority
    and leave lowest first. See ``QueueBase`` for sessions and ``shared_name``."""

    _tfdb_path = "PriorityQueue"

    def __init__(self, capacity, types, shapes=None, names=None, shared_name=None, name="priority_queue"):
        types = as_type_list(types)
        shapes = as_shape_list(shapes)
        queue_ref = tf.raw_ops.PriorityQueueV2(
            component_types=types, shapes=shapes or [], capacity=capacity,
            shared_name=resource_name(shared_name, name), name=name,
        )
        priority_dtypes = [tf.int64] + types
        priority_shapes = [()] + shapes if shapes else shapes
        super().__init__(priority_dtypes, priority_shapes, names, queue_ref)
