"""Statements that change a tensor container in place between the read and the batch.

    features, label = parse(serialized)
    features["label"] = label          # a key set (or replaced)
    features.update(extra)             # or ``features.pop("k")``, ``features.setdefault(...)``, ``del features["k"]``
    batch = tf.train.batch(features, ...)

Such a statement defines no name, so the backward walk of ``pipelines.Finder.pipeline`` would pass it by and
then find ``features`` "used outside the pipeline". It belongs to the per-element code: it moves into the
``map`` function with the statements that make the container, in its place.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import names_in

# the dict and list methods that change their container (a call statement of one of them on a needed name)
MUTATORS = frozenset({"update", "pop", "setdefault", "append", "extend", "insert", "clear", "popitem"})


def mutation_needs(stmt: cst.BaseStatement, needed: set[str]) -> set[str] | None:
    """The names ``stmt`` reads when it changes a container named in ``needed`` in place (that name included);
    None when it is no such statement."""
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
