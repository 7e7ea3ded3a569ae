"""Statements that change a tensor container in place between the read and the batch.

    features, label = parse(serialized)
    features["label"] = label          # a key set (or replaced)
    features.update(extra)             # or ``features.pop("k")``, ``features.setdefault(...)``, ``del features["k"]``
    batch = tf.train.batch(features, ...)

Such a statement defines no name, so the backward walk of ``pipelines.Finder.pipeline`` would pass it by and
then find ``features`` "used outside the pipeline". It belongs to the per-element code: it moves into the
``map`` function with the statements that make the container, in its place.

A plain ``for`` over names or a constant whose body is such statements alone moves the same way (the Cloud ML
census ``input_fn``: ``for col in UNUSED_COLUMNS: features.pop(col)``): it runs in Python when the graph is
built, and in the map function when it is traced, once, with the same keys. Its loop variable is its own.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import names_in

# the dict and list methods that change their container (a call statement of one of them on a needed name)
MUTATORS = frozenset({"update", "pop", "setdefault", "append", "extend", "insert", "clear", "popitem"})


def mutation_needs(stmt: cst.BaseStatement, needed: set[str]) -> set[str] | None:
    """The names ``stmt`` reads when it changes a container named in ``needed`` in place (that name included);
    None when it is no such statement."""
    if isinstance(stmt, cst.For):
        return _loop_needs(stmt, needed)
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    if isinstance(small, (cst.Assign, cst.AugAssign)):
        targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        if len(targets) == 1 and isinstance(targets[0], cst.Subscript) and \
                isinstance(targets[0].value, cst.Name) and targets[0].value.value in needed:
            return names_in(targets[0]) | names_in(small.value)
        return None
    if isinstance(small, cst.Del) and isinstance(small.target, cst.Subscript) and \
            isinstance(small.target.value, cst.Name) and small.target.value.value in needed:
        return names_in(small.target)
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        func = small.value.func
        if isinstance(func, cst.Attribute) and func.attr.value in MUTATORS and isinstance(func.value, cst.Name) \
                and func.value.value in needed:
            return names_in(small.value)
    return None


def _loop_needs(loop: cst.For, needed: set[str]) -> set[str] | None:
    """``for col in UNUSED: features.pop(col)``: a plain loop (no ``else``, one name bound, not one the later code
    reads) whose body changes containers of ``needed`` in place and does nothing else; what it reads, less its
    variable."""
    if loop.orelse is not None or loop.asynchronous is not None or not isinstance(loop.target, cst.Name):
        return None
    var = loop.target.value
    if var in needed or not isinstance(loop.body, cst.IndentedBlock) or not loop.body.body:
        return None
    reads: set[str] = set(names_in(loop.iter))
    for line in loop.body.body:
        one = mutation_needs(line, needed)
        if one is None:
            return None
        reads |= one
    return reads - {var}
