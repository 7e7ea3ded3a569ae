"""Lifting: moving the graph ops that compute the tensors handed to ``tf.train.batch`` (and friends)
into a ``tf.data`` map function, so tf.data's own threads run the producer and no Python runner
thread is needed.

``analyze(tensors)`` walks back from the tensors through their inputs and control inputs. It stops at
the frontier, where the bridge's own sources stand: an output of a bridge queue's ``dequeue()`` becomes
an element of that queue's dataset (``graph_queues.element_dataset``) and reaches the lifted ops
through ``import_graph_def(input_map=...)``. Everything else in the walk is copied (as ``NodeDef``s)
into a ``GraphDef`` that the map function re-imports on every call.

What cannot be lifted, and why (the ``Blocker`` says which op stopped the walk):
- placeholders: their values come from ``feed_dict``, which a tf.data function never sees;
- ops that take or produce resource or reference tensors (variables, lookup tables, TensorFlow's own
  queues and readers): their state lives in the session, and a copy inside tf.data would not share it;
- other stateful ops, except an allow-list whose state is private to the op (random ops, ``py_func``,
  ``Print``, ``Assert``) and function calls;
- v1 ``while_loop`` frames (``Enter``/``Exit``/``NextIteration``), which cannot move into a function.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.compat import frontier as _frontier
from tfdata_bridge._src.compat import legacy_numerics
from tfdata_bridge._src.compat import py_producers
from tfdata_bridge._src.compat.lifted_graph import Lift, QueueRead, Upstream, build
from tfdata_bridge._src.compat.queue_reading import DequeueSource, dequeue_source
from tfdata_bridge._src import op_types, tf_private
from tfdata_bridge._src.tf import tf


LIFTABLE_STATEFUL = op_types.LIFTABLE_STATEFUL
NOT_LIFTABLE = op_types.NOT_LIFTABLE


@dataclass(frozen=True)
class Blocker:
    """The op that stopped a lift, and why."""

    op_name: str
    op_type: str
    reason: str

    def describe(self) -> str:
        return f"op '{self.op_name}' ({self.op_type}) {self.reason}"


def _source(tensor: Any) -> Any:
    """What of the bridge's made ``tensor``: a bridge queue's dequeue (``graph_queues.DequeueSource``),
    another frontier source (``frontier.Frontier``: a reader's read, an input producer's dequeue), or None."""
    return dequeue_source(tensor) or _frontier.lookup(tensor)


def _blocker(op: Any) -> Blocker | None:
    if op.type in NOT_LIFTABLE:
        return Blocker(op.name, op.type, NOT_LIFTABLE[op.type])
    for t in list(op.inputs) + list(op.outputs):
        if t.dtype == tf.resource or tf_private.is_ref_dtype(t.dtype):
            holder = t.op if t.op is not op else op
            return Blocker(op.name, op.type, f"reads or changes state the session holds ('{holder.name}', a "
                                             f"{holder.type}: a variable, table, queue or reader), which a copy "
                                             "inside tf.data would not share")
    if op.type in LIFTABLE_STATEFUL:
        return None
    if op.op_def.is_stateful:
        return Blocker(op.name, op.type, "is stateful: its state lives in the session, and a copy inside "
                                         "tf.data would start afresh")
    return None


def analyze(tensors: Sequence[Any], python_producers: bool = False) -> Lift | Blocker:
    """Find the subgraph computing ``tensors`` and whether it can be lifted into tf.data.

    ``python_producers``: a zero-input ``py_func`` stands on the frontier as a Python producer
    (``py_producers.py``) rather than being lifted as an op."""
    graph = tensors[0].graph
    seen: set[str] = set()
    frontier: dict[str, Any] = {}  # tensor name -> DequeueSource or frontier.Frontier
    stack: list[Any] = []

    def visit(tensor: Any) -> None:
        source = _source(tensor)
        if source is None and python_producers:
            source = py_producers.lookup(tensor)
        if source is None:
            stack.append(tensor.op)
        else:
            frontier[tensor.name] = source

    for t in tensors:
        visit(t)
    while stack:
        op = stack.pop()
        if op.name in seen:
            continue
        blocker = _blocker(op)
        if blocker is not None:
            return blocker
        seen.add(op.name)
        for t in op.inputs:
            visit(t)
        for dep in op.control_inputs:
            if any(_source(out) is not None for out in dep.outputs):
                return Blocker(dep.name, dep.type, "is a queue's dequeue used as a control dependency")
            stack.append(dep)
    upstreams = _upstreams(graph, frontier)
    if isinstance(upstreams, Blocker):
        return upstreams
    try:
        return build(graph, seen, tuple(tensors), upstreams)
    except legacy_numerics.NotKept as unkept:  # (its floats would not be known to be legacy's)
        return Blocker(unkept.node_name, unkept.op_type, f"computes in floating point where the session's "
                                                          f"grappler rewrote legacy's ops, and {unkept.why}")


def _upstreams(graph: Any, frontier: dict[str, Any]) -> tuple[Upstream, ...] | Blocker:
    """Group the frontier's tensors by source: one read of each source per element."""
    by_source: dict[int, list[tuple[str, Any]]] = {}
    for name, source in frontier.items():
        key = id(source.queue) if isinstance(source, DequeueSource) else id(source.source)
        by_source.setdefault(key, []).append((name, source))
    upstreams = []
    for items in by_source.values():
        name, source = items[0]
        if isinstance(source, _frontier.Frontier):
            upstreams.append(Upstream(source.source, tuple((n, s.index) for n, s in items)))
            continue
        op = graph.get_tensor_by_name(name).op
        indices = [s.index for _, s in items]
        if len(set(indices)) != len(indices) or len({(s.method, s.n) for _, s in items}) != 1:
            return Blocker(op.name, op.type, f"dequeues more than once per element from queue {source.queue.name!r}")
        if not source.via_tfdata or (source.method != "dequeue" and source.n is None):
            return Blocker(op.name, op.type, f"is TensorFlow's own {source.method} op on queue "
                                             f"{source.queue.name!r}, which tf.data cannot read")
        read = QueueRead(source.queue, source.method, source.n)
        upstreams.append(Upstream(read, tuple((n, s.index) for n, s in items)))
    return tuple(upstreams)

