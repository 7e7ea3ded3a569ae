"""Zero-input ``py_func`` producers, run as Python producers: the classic
``tf.py_func(make_example, [], dtypes)`` batched by ``tf.train.batch``.

Lifted as an op, such a producer costs one ``py_func`` kernel call per element inside tf.data (the
GIL, argument and result conversion, a function call through TensorFlow's trampoline): about what
legacy's runner threads paid. As a frontier source (``frontier.py``) its function is called the way
``compile(spec)`` calls producers instead: ``num_threads`` Python threads put its elements into a
bounded channel, and tf.data takes them a batch at a time (one Python call per chunk). The graph ops
after the ``py_func`` (reshapes, arithmetic, random ops) still run in the lifted ``map``.

What stays as legacy: the function is called as TensorFlow's ``py_func`` kernel calls it (no
arguments; a ``bytes`` result wrapped in a list; each value converted as ``FuncRegistry._convert``
converts it), an exception ends the pipeline with the ``tf.errors`` type ``py_func`` gives for it, and
``StopIteration`` ends that thread's production (``tf.errors.OutOfRangeError`` too, by the bridge's
convention for call producers).

Chunks need the elements' shapes. Where an output of the ``py_func`` has no static shape but reaches the
batch's queue through shape-keeping ops only (``pinned_components``: the output itself, a cast, arithmetic
with a scalar, an ``expand_dims`` or ``transpose`` by a constant), the queue fixes its shape: the function
is called once when the pipeline is built to learn it, and that element is the first one delivered
(``eager_batch.Probe``); a later element of another shape then fails the pipeline with an error naming
the producer, the element and both shapes, as legacy's enqueue failed on a shape the queue did not take.
Any other output without a static shape may vary from element to element (``tf.size`` or a reduction
after it accepts any length, as legacy's graph did; issue 16): its elements cross one per call, each with
its own shape, and the ops after it run per element. A component that one batch of the graph (or one list
of a join) leaves open stays open for the others.

Opted in (``tfdata_bridge.configure(workers=N)`` / ``TFDATA_BRIDGE_WORKERS=N``), the function runs in N
worker processes instead (``worker_call.py``).
"""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from tfdata_bridge._src.compat import frontier, pipelines, worker_call
from tfdata_bridge._src import config, op_types, tf_private
from tfdata_bridge._src.compat.eager_batch import Probe
from tfdata_bridge._src.compat.graph_tables import GraphTable
from tfdata_bridge._src.compat.started_batches import StartedBatches
from tfdata_bridge._src.compiler.dataset import compile as compile_spec
from tfdata_bridge._src.spec.pipeline import pipeline
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.tf import tf

PRODUCER_OPS = op_types.PRODUCER_OPS

_sources: GraphTable[dict[str, PyProducer]] = GraphTable("py_producers")


def lookup(tensor: Any) -> frontier.Frontier | None:
    """The frontier entry for an output of a zero-input ``py_func``, or None for any other tensor."""
    op = getattr(tensor, "op", None)
    if op is None or op.type not in PRODUCER_OPS or op.inputs or op.control_inputs:
        return None
    token = op.get_attr("token")
    func = tf_private.py_func_for_token(token.decode() if isinstance(token, bytes) else token)
    if func is None:
        return None
    by_name = _sources.setdefault(op.graph, {})
    if op.name not in by_name:
        by_name[op.name] = PyProducer(op, func)
    return frontier.Frontier(by_name[op.name], tensor.value_index)


class PyProducer:
    """A frontier source: the values of a zero-input ``py_func``'s outputs, one call per read."""

    stream = None

    def __init__(self, op: Any, func: Any) -> None:
        self._name = op.name  # (no tensor kept: see ``pinned_components``)
        self._func = func
        self._dtypes = [t.dtype for t in op.outputs]
        self._static = [t.shape for t in op.outputs]
        self._shapes = list(self._static)
        self._learned: list[Any] | None = None  # the probe's shapes (``ready``)
        self._unpinned: frozenset[int] = frozenset()  # components some batch of this graph leaves open (``ready``)
        self._probe: Any = None
        self._call: Any = self._make
        self.width = len(op.outputs)

    @property
    def dtypes(self) -> list[Any]:
        return list(self._dtypes)

    @property
    def shapes(self) -> list[Any]:
        """The element's shapes: the op's, or those ``ready`` learned."""
        return list(self._shapes)

    def pinned_components(self, tensors: list[Any], shapes: list[Any]) -> frozenset[int]:
        """The components whose shape the batch's queue fixes: those that reach one of ``tensors`` (the
        batch's tensors, of queue shapes ``shapes``, fully known) through ops that keep their input's shape
        or whose output's shape tells theirs (``SHAPE_KEEPING``). Legacy's enqueue rejects an element of
        another shape there, so learning the shape from the first element changes nothing; through any
        other op (``tf.size``, a reduction, a slice, a reshape) another shape may be valid, and the
        component keeps the op's static shape."""
        # The op's outputs are looked up here, never kept on ``self``: this object is reachable from the
        # graph's finalizer (``pipelines.register``: ``weakref.finalize(graph, started_batches.stop)`` holds
        # the spec, its producer's call, ``self._make``), so a tensor kept here would keep the graph, its
        # pipeline and the process hooks (the Ctrl-C wakeup fd) alive for good.
        if not tensors:
            return frozenset()
        outputs = tensors[0].graph.get_operation_by_name(self._name).outputs
        queued = {t.name for t, s in zip(tensors, shapes) if tf.TensorShape(s).is_fully_defined()}
        return frozenset(i for i, t in enumerate(outputs) if _reaches(t, queued))

    def describe(self) -> str:
        return f"py_func {self._name!r}"

    def present(self, needed: frozenset[int]) -> tuple[int, ...]:
        return tuple(range(self.width))

    def ready(self, pinned: frozenset[int] | None = None) -> bool:
        """Learn the shapes of the components in ``pinned`` that the op leaves open (calling the function
        once, its element then delivered first); False when that call made no element, so the ``py_func``
        stays an op. ``pinned`` (default: all): the components whose shape the batch's queue fixes
        (``pinned_components``), where an element of another shape fails in legacy too. Any other keeps
        the op's static shape, and its elements cross with their own shapes, as legacy's ops took them."""
        pinned = frozenset(range(self.width)) if pinned is None else pinned
        # a component left open by one batch (or one list of a join) stays open for the others of the graph:
        # where one use accepts any shape, a shape learned for another use would fail its elements
        self._unpinned |= frozenset(range(self.width)) - pinned
        pinned -= self._unpinned
        learn = [i for i in sorted(pinned) if not self._static[i].is_fully_defined()]
        self._shapes = list(self._static)
        if not learn:  # (an element an earlier call made to learn shapes is still delivered first)
            return True
        if self._learned is None:
            try:
                probe = Probe(self._make)
            except Exception:  # noqa: BLE001 - the op path will meet it again, as legacy would, at run time
                return False
            self._learned = [tf.TensorShape(np.shape(c)) for c in _components(probe.element, self.width)]
            self._probe = probe
        for i in learn:
            self._shapes[i] = self._learned[i]
        if self._probe is not None:
            self._call = self._probe.call
        return True

    @property
    def fixed(self) -> bool:
        """Whether every component's shape is known (learned or static): its elements cross stacked."""
        return all(s.is_fully_defined() for s in self._shapes)

    def dataset(self, needed: frozenset[int] | None = None, shard: tuple[int, int] = (0, 1), *,
                copies: int = 1, capacity: int = 32, chunk: int = 32, latch: Any = None,
                whole_batches: tuple[int, bool] | None = None, early: list[Any] | None = None) -> Any:
        """The function's elements, made by ``copies`` threads, crossing into tf.data ``chunk`` at a time;
        through ``latch`` (``error_latch.Latch``) where the call holds a producer's error back.

        ``whole_batches=(batch_size, allow_smaller_final_batch)``: the batches themselves, in channel
        order, as ``batch(batch_size)`` over the elements would make them (the last, short one only where
        allowed), through ``StartedBatches`` (graph mode). ``graph_batch`` asks for them where nothing
        between the producer and the batch needs single elements: tf.data then neither splits the chunks
        nor batches again. ``early``: a list to append that ``StartedBatches`` to, for
        ``pipelines.register`` (its producers start at ``start_queue_runners``)."""
        single = self.width == 1 and not whole_batches  # (batches are the call's flat tuple of components)
        processes = config.workers()
        if processes is not None:  # opted in: the function runs in worker processes (see worker_call)
            producer = worker_call.producer(self._func, self.width, not single, self._name, processes)
        else:
            call = self._call if latch is None else latch.wrap(self._call, passes=(tf.errors.OutOfRangeError,))
            if self.width == 1 and not single:
                one = call

                def call() -> tuple[Any]:
                    return (one(),)

            producer = Producer.call(call, threads=copies, name=self._name)
        batch_size, allow_smaller = whole_batches or (chunk, True)
        if not self.fixed:  # shapes that may vary: one element per call, each with its own shape
            if whole_batches:
                raise ValueError(f"{self.describe()}: whole batches need the elements' shapes, and {self._shapes} "
                                 "are not all known")
            batch_size = None
        spec = pipeline(producer, dtypes=self._dtypes[0] if single else self._dtypes,
                        shapes=self._shapes[0] if single else self._shapes, capacity=capacity,
                        batch_size=batch_size, allow_smaller_final_batch=allow_smaller, prefetch=0,
                        workers=processes)
        if batch_size is None:
            return compile_spec(spec)
        if not whole_batches:
            return tf_private.split(compile_spec(spec))  # (an element may be empty: see split)
        graph = weakref.ref(tf.compat.v1.get_default_graph())
        batches = StartedBatches(spec, owner_now=lambda: pipelines.sole_running(graph()))
        if early is not None:
            early.append(batches)
        return batches.dataset()

    def _make(self) -> Any:
        """One element, as TensorFlow's ``py_func`` kernel gets it from the function."""
        value = self._func()
        if isinstance(value, bytes):
            value = [value]
        comps = [_convert(v) for v in _components(value, self.width)]
        return comps[0] if self.width == 1 else tuple(comps)


# ops whose output has their (first) input's shape: unary elementwise ops, and binary ones whose other
# input is a scalar (broadcasting it changes nothing)
SHAPE_KEEPING_UNARY = frozenset({
    "Identity", "Snapshot", "StopGradient", "Cast", "CheckNumerics", "Abs", "Neg", "Square", "Sqrt", "Rsqrt",
    "Exp", "Expm1", "Log", "Log1p", "Sin", "Cos", "Tan", "Tanh", "Sigmoid", "Relu", "Relu6", "Elu", "Selu",
    "Softplus", "Softsign", "Sign", "Floor", "Ceil", "Round", "Rint", "Reciprocal", "Inv", "LogicalNot",
    "IsNan", "IsInf", "IsFinite", "Invert", "Erf", "Real", "Imag", "Conj", "ZerosLike", "OnesLike"})
SHAPE_KEEPING_BINARY = frozenset({
    "Add", "AddV2", "Sub", "Mul", "Div", "RealDiv", "FloorDiv", "FloorMod", "TruncateDiv", "TruncateMod", "Mod",
    "Maximum", "Minimum", "Pow", "SquaredDifference", "DivNoNan", "MulNoNan", "Atan2", "Equal", "NotEqual", "Less",
    "LessEqual", "Greater", "GreaterEqual", "LogicalAnd", "LogicalOr", "BitwiseAnd", "BitwiseOr", "BitwiseXor"})
# ops whose output's shape tells their first input's, given a constant second input (an axis, a permutation)
SHAPE_TELLING = frozenset({"ExpandDims", "Transpose"})
SHAPE_KEEPING = SHAPE_KEEPING_UNARY | SHAPE_KEEPING_BINARY | SHAPE_TELLING


def _keeps_shape(op: Any, tensor: Any) -> bool:
    """Whether ``op``'s output has ``tensor``'s shape, whatever that is, or one that tells it."""
    if op.type in SHAPE_TELLING:
        return len(op.inputs) == 2 and op.inputs[0] is tensor and op.inputs[1].op.type == "Const"
    if op.type in SHAPE_KEEPING_UNARY:
        return len(op.inputs) >= 1 and op.inputs[0] is tensor
    if op.type in SHAPE_KEEPING_BINARY and len(op.inputs) == 2:
        return all(t is tensor or t.shape.rank == 0 for t in op.inputs)
    return False


def _reaches(tensor: Any, queued: set[str]) -> bool:
    """Whether ``tensor`` reaches a tensor named in ``queued`` through shape-keeping ops only."""
    seen: set[str] = set()
    todo = [tensor]
    while todo:
        t = todo.pop()
        if t.name in queued:
            return True
        if t.name in seen:
            continue
        seen.add(t.name)
        todo.extend(op.outputs[0] for op in t.consumers() if len(op.outputs) == 1 and _keeps_shape(op, t))
    return False


def _components(value: Any, width: int) -> list[Any]:
    if width == 1 and not isinstance(value, (list, tuple)):
        return [value]
    values = list(value) if isinstance(value, (list, tuple)) else [value]
    if len(values) != width:
        raise ValueError(f"the py_func producer returned {len(values)} values where its op has {width} outputs")
    return values


def _convert(value: Any) -> np.ndarray:
    """``value`` as TensorFlow's ``py_func`` kernel takes it (``FuncRegistry._convert``): strings as
    bytes objects, anything else as its numpy array (the element check then compares its dtype)."""
    result = np.asarray(value, order="C")
    if result.dtype.char == "U":
        value = np.vectorize(lambda x: x.encode("utf8"))(value)
    if result.dtype.char in "SU":
        return np.asarray(value, order="C", dtype=object)
    return result
