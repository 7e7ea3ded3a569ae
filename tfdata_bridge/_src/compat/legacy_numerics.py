"""The session's arithmetic, kept for the ops the drop-in lifts into tf.data.

Legacy ran a pipeline's per-element ops in the session's graph, which grappler rewrites before the first run;
tf.data runs a map function's ops as written. One of those rewrites changes floating-point results, and it
meets nearly every image pipeline: constant folding's strength reduction of a division by a constant,
``x / c`` into ``x * Reciprocal(c)`` (TensorFlow's ``ConstantFolding::ReduceDivToReciprocalMul``; the
reciprocal is then folded into a constant). The product is one ulp from the quotient for most values
(``image / 255.0``: 789 of 1,024 values in a test), so a lifted ``image / 255.0`` gave other floats than
legacy's. ``reduce_divisions`` gives a lifted ``GraphDef`` the same rewrite, on the same conditions: a
``Div`` of floating-point or complex values, a ``RealDiv`` or an ``Xdivy``, whose divisor is a ``Const`` node
and whose dividend is not (a division of two constants is folded as a division). The ``Reciprocal`` runs the
kernel constant folding ran, so the values are legacy's to the bit.

Grappler makes more of them before that one: constant folding first folds a divisor computed from constants
(``x / tf.cast(tf.constant(255), tf.float32)``, ``x / (tf.constant(85.0) * 3.0)``, a stateless random op of
constant seeds, the ``Size`` or ``Shape`` of a value whose shape is known) into a ``Const``, then reduces the
division; and it combines the constants of a chain (``x + 0.11 - 127.5`` is computed as ``x + (0.11 -
127.5)``; ``0.3 - (x + 0.7)``, ``x * 2 + 1 - 3`` likewise), each one ulp from the chain as written for many
values. Rather than copy those rules, ``session_passes`` runs the session's own passes, grappler's constant
folding and arithmetic optimizer (``tf_private.optimize_graph``), over the lifted ``GraphDef`` before
``reduce_divisions``, with each frontier value (what tf.data feeds in) standing in as a value of its static
shape, as the upstream op was in legacy's graph; measured equal to legacy's to the bit over every byte value and
random floats, float32, float64 and float16 (``tests/compat/test_compat_legacy_numerics.py``). It costs 2-7 ms
of CPU per lifted pipeline (nothing where no op computes in floating point).

The arithmetic optimizer's ``log(1 + x)`` -> ``log1p(x)`` and ``exp(x) - 1`` -> ``expm1(x)`` are also made by
grappler's own passes over the map, which stays a multi-device function for that reason (``single_device.py``).
Not kept (documented in ``docs/``): those two rewrites where legacy's session made none (seen after a zero-input
``py_func`` producer) and the map makes them; a shape legacy's grappler did not know where the stand-in's static
shape is known (grappler folded the ``Size`` of a dequeue's value but not of a ``ParseExampleV2``'s: a frontier
value's shape is taken as known); grappler's other passes (the remapper's fused kernels, layout) that legacy's
session ran over these ops. Where the passes cannot be run over a lift with floating-point ops (grappler refuses
its graph, or this TensorFlow lacks the internals), ``NotKept``: the ops are not lifted (a ``Blocker``), and
TensorFlow's own queue machinery runs them, with legacy's values.
"""

from __future__ import annotations

import logging
from typing import Any

from tfdata_bridge._src.tf import tf

_log = logging.getLogger(__name__)


class NotKept(Exception):
    """The session's passes could not be run over a lifted graph that computes in floating point: its floats
    would not be known to be legacy's, so the ops are not lifted (``lifting.analyze`` makes it a ``Blocker``:
    the call stays on TensorFlow's own queues, legacy's values). ``node``: a floating-point op of the graph."""

    def __init__(self, node: Any, why: str) -> None:
        super().__init__(why)
        self.node_name, self.op_type, self.why = node.name, node.op, why
_PRODUCT = {"Div": "Mul", "RealDiv": "Mul", "Xdivy": "MulNoNan"}


def _node_of(name: str) -> tuple[str, str]:
    base, _, index = name.partition(":")
    return base, index or "0"


def reduce_divisions(graph_def: Any) -> int:
    """Rewrites each division by a constant of ``graph_def`` in place, as grappler would; returns how many."""
    nodes = {n.name: n for n in graph_def.node}
    taken = set(nodes)
    done = 0
    for node in list(graph_def.node):
        product = _PRODUCT.get(node.op)
        if product is None or len(node.input) < 2 or "T" not in node.attr or node.input[1].startswith("^"):
            continue
        dtype = tf.dtypes.as_dtype(node.attr["T"].type)
        if not (dtype.is_floating or dtype.is_complex):
            continue  # grappler skips integer division; a RealDiv of integers has no reciprocal to take
        divisor, index = _node_of(node.input[1])
        dividend, _ = _node_of(node.input[0])
        if index != "0" or nodes.get(divisor) is None or nodes[divisor].op != "Const" or \
                (nodes.get(dividend) is not None and nodes[dividend].op == "Const"):
            continue
        name, i = f"{node.name}/_recip", 2
        while name in taken:
            name, i = f"{node.name}/_recip_{i}", i + 1
        taken.add(name)
        reciprocal = graph_def.node.add()
        reciprocal.name = name
        reciprocal.op = "Reciprocal"
        reciprocal.input.append(node.input[1])
        reciprocal.attr["T"].CopyFrom(node.attr["T"])
        node.op = product
        node.input[1] = name
        done += 1
    return done


# the session's own passes that change floats: constant folding (a divisor folded from constants, then the
# reciprocal; constants of a chain combined) and the arithmetic optimizer (operands reordered and combined)
_PASSES = ("constfold", "arithmetic")


def session_passes(graph_def: Any, frontier: dict[str, Any], fetches: list[str]) -> Any:
    """``graph_def`` rewritten by the session's grappler passes that change floats, or None where no op
    computes in floating point (nothing to rewrite). Raises ``NotKept`` where the passes cannot be run (then
    the ops are not lifted: legacy's queues run them, with legacy's values).

    ``frontier`` maps each tensor name a node of ``graph_def`` reads but ``graph_def`` does not hold (the
    frontier, fed by tf.data) to its static ``(dtype, shape)``: a value of that shape (an ``EnsureShape`` of a
    ``Placeholder``) stands in for it while grappler runs, as the upstream op (a dequeue, a parse) stood in
    legacy's graph, so shapes are folded where grappler folded them for legacy (the ``Size`` of a known shape). ``fetches`` names the nodes whose values are
    read (kept, by name). Only the floating-point ops matter: a graph without one is left as it is (the
    passes cost CPU before the first batch)."""
    from tensorflow.core.protobuf import config_pb2, meta_graph_pb2, rewriter_config_pb2

    from tfdata_bridge._src import single_device, tf_private

    inexact = [node for node in graph_def.node if not single_device._exact(node, set())]  # noqa: SLF001
    if not inexact:
        return None  # no float op: no pass of grappler's changes a value
    work = tf.compat.v1.GraphDef()
    work.CopyFrom(graph_def)
    held = {node.name for node in work.node}
    stand_ins: dict[str, str] = {}  # frontier tensor -> its placeholder's name
    taken = set(held)

    def stand_in(tensor: str) -> str:
        if tensor not in stand_ins:
            name, i = "_frontier", 1
            while name in taken:
                name, i = f"_frontier_{i}", i + 1
            taken.add(name)
            dtype, shape = frontier[tensor]
            value = work.node.add()  # (a Placeholder's shape grappler takes for unknown: a feed may differ)
            value.name, value.op = f"{name}/value", "Placeholder"
            value.attr["dtype"].type = dtype.as_datatype_enum
            value.attr["shape"].shape.unknown_rank = True
            known = work.node.add()  # (its static shape, as the upstream op's was known to the session)
            known.name, known.op = name, "EnsureShape"
            known.input.append(value.name)
            known.attr["T"].type = dtype.as_datatype_enum
            known.attr["shape"].shape.CopyFrom(shape.as_proto())
            stand_ins[tensor] = name
            stand_ins[f"{tensor} (value)"] = value.name
        return stand_ins[tensor]

    for node in list(work.node):
        for k, inp in enumerate(node.input):
            if inp.startswith("^"):
                if inp[1:] not in held:
                    raise NotKept(inexact[0], f"has an order on '{inp[1:]}', which is not lifted with it")
                continue
            base, index = _node_of(inp)
            if base in held:
                continue
            tensor = f"{base}:{index}"
            if tensor not in frontier:
                raise NotKept(inexact[0], f"reads '{tensor}', neither lifted nor fed by tf.data")
            node.input[k] = stand_in(tensor)
    meta = meta_graph_pb2.MetaGraphDef()
    meta.graph_def.CopyFrom(work)
    meta.collection_def["train_op"].node_list.value.extend(sorted(set(fetches) & held))
    config = config_pb2.ConfigProto()
    rewriter = config.graph_options.rewrite_options
    rewriter.optimizers.extend(_PASSES)
    rewriter.min_graph_nodes = -1  # the session's graph was large enough for every pass; a lift may be small
    rewriter.meta_optimizer_iterations = rewriter_config_pb2.RewriterConfig.DEFAULT
    try:
        out = tf_private.optimize_graph(meta, config)
    except Exception as error:  # noqa: BLE001 - grappler refused this graph: not lifted
        _log.debug("tfdata_bridge: grappler's passes not run over a lifted graph: %s", error)
        raise NotKept(inexact[0], f"is among ops grappler's passes could not be run over ({error})") from error
    if out is None:
        raise NotKept(inexact[0], "this TensorFlow offers no way to run grappler's passes over the ops moved "
                                  "into tf.data")
    if not {node.name for node in out.node} >= set(fetches) & held:  # (grappler keeps the nodes of train_op)
        raise NotKept(inexact[0], "is among ops grappler's passes did not give back whole")
    back = {name: tensor.removesuffix(" (value)") for tensor, name in stand_ins.items()}
    result = tf.compat.v1.GraphDef()
    result.versions.CopyFrom(graph_def.versions)
    result.library.CopyFrom(out.library)
    kept = []
    for node in out.node:
        if node.name in back:
            continue
        inputs = []
        for inp in node.input:
            control = inp.startswith("^")
            base = _node_of(inp.lstrip("^"))[0]
            if base not in back:
                inputs.append(inp)
            elif not control:  # (an order on a frontier value, by which grappler anchors a folded shape, goes:
                inputs.append(back[base])  # the value is there before the function runs)
        del node.input[:]
        node.input.extend(inputs)
        kept.append(node)
    result.node.extend(_in_order(kept))
    return result


def _in_order(nodes: list[Any]) -> list[Any]:
    """``nodes`` with each after the nodes it reads (grappler appends the nodes it makes), else as given:
    the bridge walks a lift's nodes in a graph's order (``graph_batch._not_batched_exactly``)."""
    by_name = {node.name: node for node in nodes}
    done: set[str] = set()
    ordered: list[Any] = []
    for start in nodes:
        stack = [(start, False)]
        while stack:
            node, expanded = stack.pop()
            if node.name in done:
                continue
            if expanded:
                done.add(node.name)
                ordered.append(node)
                continue
            stack.append((node, True))
            for inp in reversed(node.input):
                base = _node_of(inp.lstrip("^"))[0]
                if base in by_name and base not in done:
                    stack.append((by_name[base], False))
    return ordered
