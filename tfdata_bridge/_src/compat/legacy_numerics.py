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

The arithmetic optimizer's ``log(1 + x)`` -> ``log1p(x)`` and ``exp(x) - 1`` -> ``expm1(x)`` are grappler's own
passes over the map, which stays a multi-device function for that reason (``single_device.py``). Not kept
(documented in ``docs/``): a divisor that grappler first folds from a constant expression, and those two
rewrites where legacy's session made none (seen after a zero-input ``py_func`` producer) and the map makes them.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.tf import tf

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
