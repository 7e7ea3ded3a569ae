"""Reading a graph-mode queue through tf.data.

The queue's elements are held by TensorFlow's own queue kernel (a ``FIFOQueueV2`` resource and
friends): its enqueue, close and size ops are TensorFlow's, so a feeding thread's
``sess.run(enqueue_op, feed_dict)`` costs what it did.

A dequeue the drop-in does not lift is TensorFlow's own dequeue op on the queue's kernel, exactly as
legacy built it (its name, its static shapes, its errors: ``OutOfRangeError`` with the queue's message at
close, "Dequeue operation was cancelled" when the session closes): the bridge adds nothing to a graph
whose dequeue it cannot improve on, so such a program costs what legacy's costs. (It was the single
element of a small dataset with a ``tf.cond`` for the end of data: 30-60 ms of tracing per dequeue in
the program, and a dataset instantiated at every run.) ``read`` records which queue and method made
each tensor (``dequeue_source``), so a ``tf.train.batch`` over it can lift the queue (``element_dataset``).

``element_dataset`` (for lifting) is different: a dataset of the queue's elements that a one-shot
iterator may own, so it cannot capture the queue's handle; its ``map`` function opens its own handle
to the queue by ``shared_name`` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src import op_types
from tfdata_bridge._src.tf import plain, tf

QUEUE_OPS = op_types.QUEUE_OPS


@dataclass(frozen=True)
class DequeueSource:
    """What produced a dequeued tensor: the queue, the method (``"dequeue"``, ``"dequeue_many"``,
    ``"dequeue_up_to"``), its ``n`` (None for ``dequeue``, or when not a constant) and the flat index
    of the tensor among the queue's components (its name is ``queue.names[index]`` for a named queue).
    ``via_tfdata``: ``element_dataset(queue)`` can read the queue, so a pipeline downstream of this
    dequeue can be lifted (True for every queue the drop-in's constructors make; False for
    ``QueueBase.from_list`` and other queue references without a ``shared_name``)."""

    queue: Any
    method: str
    n: int | None
    index: int
    via_tfdata: bool


_sources: GraphTable[dict[str, DequeueSource]] = GraphTable("dequeue_sources")


def dequeue_source(tensor: Any) -> DequeueSource | None:
    """How ``tensor`` was dequeued, when a bridge queue's dequeue produced it; else None."""
    graph = getattr(tensor, "graph", None)
    if graph is None or tf.executing_eagerly():
        return None
    return _sources.get(graph, {}).get(getattr(tensor, "name", None))


def queue_for_tensor(tensor: Any) -> Any | None:
    """The bridge queue whose dequeue (any of the three) produced ``tensor``, or None.

    Lifting uses it to make the queue an upstream source (``element_dataset``) of the dataset a
    ``tf.train.batch`` builds; ``dequeue_source`` says which method and component it was.
    """
    source = dequeue_source(tensor)
    return None if source is None else source.queue


class Reopen:
    """Makes, inside any graph or function, a new handle to a queue found by its ``shared_name``: the queue
    op ``op_type`` with ``attrs`` (the kernel refuses a handle whose attributes differ from its own).
    ``calls`` counts the handles made: ``queue_shapes`` changes ``attrs`` only where none was made with the
    old ones, or each is remade."""

    def __init__(self, op_type: str, attrs: dict[str, Any]) -> None:
        self.make = getattr(tf.raw_ops, op_type)
        self.attrs = attrs
        self.calls = 0

    def __call__(self) -> Any:
        self.calls += 1
        return self.make(**self.attrs)


def reopener(queue_ref: Any) -> Callable[[], Any] | None:
    """A function (a ``Reopen``) that creates, inside any graph or function, a new handle to the queue
    behind ``queue_ref``: the same queue op with the same attributes. None when ``queue_ref`` is not a
    queue op's output or has no ``shared_name`` (a private queue cannot be found by name)."""
    op = getattr(queue_ref, "op", None)
    if op is None or op.type not in QUEUE_OPS:
        return None
    attrs = raw_op_attrs(op)
    if not attrs.get("shared_name"):
        return None
    return Reopen(op.type, attrs)


def raw_op_attrs(op: Any) -> dict[str, Any]:
    """``op``'s attributes as ``tf.raw_ops.<op.type>`` takes them (shapes as ``TensorShape``s, strings as
    ``str``): what makes the same kernel op again, found by its ``shared_name``."""
    attrs: dict[str, Any] = {}
    for key in op.node_def.attr:
        value = op.get_attr(key)
        if key == "shapes":
            value = [tf.TensorShape(shape) for shape in value]
        elif isinstance(value, bytes):
            value = value.decode("utf-8")
        attrs[key] = value
    return attrs


def most_per_read(queue: Any) -> int | None:
    """The most elements one ``dequeue_up_to`` of ``queue`` can wait for before it is closed: its
    ``capacity`` (less a ``RandomShuffleQueue``'s ``min_after_dequeue``, which must stay behind), or None
    when unbounded. A larger chunk would wait for elements the queue can never hold. 1 for a queue
    without shapes, whose kernel refuses ``dequeue_up_to``."""
    op = queue.queue_ref.op
    if not op.get_attr("shapes"):  # (queue_shapes may give one built without shapes its writers' shape)
        return 1
    capacity = op.get_attr("capacity") if "capacity" in op.node_def.attr else -1
    if capacity is None or capacity < 0:
        return None
    if "min_after_dequeue" in op.node_def.attr:
        capacity -= op.get_attr("min_after_dequeue")
    return max(1, capacity)


def _options() -> tf.data.Options:
    options = tf.data.Options()
    options.experimental_optimization.inject_prefetch = False  # no element may leave the queue early
    options.autotune.enabled = False  # nothing to tune: no parallelism, no buffers
    return options


def _kernel_dequeue(handle: Any, method: str, n: Any, dtypes: list[Any]) -> list[Any]:
    if method == "dequeue":
        return list(tf.raw_ops.QueueDequeueV2(handle=handle, component_types=dtypes))
    op = tf.raw_ops.QueueDequeueManyV2 if method == "dequeue_many" else tf.raw_ops.QueueDequeueUpToV2
    return list(op(handle=handle, n=n, component_types=dtypes))


def _static_shapes(queue: Any, method: str, n: int | None) -> list[Any]:
    if method == "dequeue":
        return list(queue.shapes)
    batch = tf.TensorShape([n if method == "dequeue_many" else None])
    return [batch.concatenate(shape) for shape in queue.shapes]


def _with_shapes(tensors: list[Any], shapes: list[Any]) -> list[Any]:
    for tensor, shape in zip(tensors, shapes):
        tensor.set_shape(shape)
    return tensors


def reader(queue: Any, method: str, n: int | None) -> tf.data.Dataset:
    """An endless dataset of one dequeue each; it ends when the queue is closed and drained."""
    reopen = queue._tfdb_reopen
    dtypes = [tf.as_dtype(d) for d in queue.dtypes]
    shapes = _static_shapes(queue, method, n)

    def read(_: Any) -> tuple[Any, ...]:
        return tuple(_with_shapes(_kernel_dequeue(reopen(), method, n, dtypes), shapes))

    # tf.compat.v1's map (unlike tf.data's v2 map) ends the dataset on an OutOfRangeError.
    return tf.compat.v1.data.Dataset.from_tensors(0).repeat().map(plain(read)).with_options(_options())


def read(queue: Any, method: str, n: Any, name: str) -> list[Any]:
    """The flat tensors of one ``queue.<method>(n)``: TensorFlow's own dequeue op, as legacy's (see the
    module docstring), recorded for ``dequeue_source``."""
    args = () if method == "dequeue" else (n,)
    value = getattr(tf.queue.QueueBase, method)(queue, *args, name=name)
    op = tf.nest.flatten(value)[0].op
    tensors = list(op.outputs)
    n_value = None if method == "dequeue" else tf.get_static_value(op.inputs[1])
    n_value = None if n_value is None else int(n_value)
    registry = _sources.setdefault(op.graph, {})
    for index, tensor in enumerate(tensors):
        registry[tensor.name] = DequeueSource(queue, method, n_value, index, queue._tfdb_reopen is not None)
    return tensors


def element_dataset(queue: Any, chunk_size: int = 1) -> tf.data.Dataset:
    """The elements of a graph-mode bridge queue as a ``tf.data.Dataset`` (for lifting).

    Each element is structured as ``queue.dequeue()`` returns it (a bare tensor for a one-component
    queue, a dict for a queue with names, else a tuple). Elements are taken from the queue as the
    dataset is iterated (nothing is buffered ahead), ``chunk_size`` at a time (``dequeue_up_to``,
    which waits for a whole chunk until the queue is closed; the default 1 takes each element as it
    arrives); the dataset ends when the queue is closed and drained. Usable from a one-shot iterator:
    it opens its own handle to the queue by ``shared_name``, in the session that runs it. (A step
    cancelled while that iterator waits on the queue, by a run timeout, cancels the iterator for the
    rest of the session: tf.data keeps an iterator's cancellation.)
    """
    if getattr(queue, "_tfdb_reopen", None) is None:
        raise ValueError(
            f"element_dataset() needs a graph-mode queue made by tfdata_bridge.compat.v1, got {queue!r}; "
            "queues from QueueBase.from_list and eager queues are read by their own dequeue ops"
        )
    if chunk_size < 1:
        raise ValueError(f"chunk_size ({chunk_size}) must be >= 1")
    if chunk_size == 1:
        dataset = reader(queue, "dequeue", None)
    else:
        dataset = reader(queue, "dequeue_up_to", chunk_size).unbatch()
    names = queue.names
    if names:
        return dataset.map(plain(lambda *c: dict(zip(names, c))))
    if len(queue.dtypes) == 1:
        return dataset.map(plain(lambda c: c))
    return dataset
