"""A helper of another module that makes a fed queue's placeholders and returns them (held-out round 72, "choir"):

    # sep/Input.py                                        # the trainer
    def get_placeholders(shape, input_shape=None, name=""):   placeholders = Input.get_placeholders(shp, name="_t")
        if input_shape is None:                           enqueue_op = queue.enqueue_many(list(placeholders))
            input_shape = shape                           ...threading.Thread(target=feed, args=(..., placeholders))
        m = tf.placeholder(tf.float32, input_shape, name="m" + name)
        a = tf.placeholder(tf.float32, shape, name="a" + name)
        return m, a

The feed-thread rewrite (``feed/``) reads the placeholders where the queue is made; ``builder_inline.py`` inlines
this helper at its one call in the tree like a queue builder: its ``placeholder`` lines stand in the caller, the
tuple (list) it returns bound to the caller's name (``placeholders = (m, a)``) or its items to the caller's
targets (``m, a = ...``). Only a helper of ``placeholder`` assignments ending in ``return`` of a tuple (list) of
them is taken, with, before them, ``if p is None: p = q`` on a parameter defaulting to ``None`` (``q`` another
parameter): folded at the call, ``p`` read as ``q`` where the call leaves it ``None``, the ``if`` dropped where it
passes a literal, the helper left alone otherwise. The same ops, made in the same order: the same program.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, last_name


def _prelude(stmt: cst.BaseStatement, defaults: set[str], params: set[str]) -> tuple[str, str] | None:
    """(p, q) for ``if p is None: p = q`` (no ``else``; ``p`` a parameter defaulting to None, ``q`` a parameter)."""
    if not isinstance(stmt, cst.If) or stmt.orelse is not None or not isinstance(stmt.body, cst.IndentedBlock):
        return None
    test = stmt.test
    if not (isinstance(test, cst.Comparison) and isinstance(test.left, cst.Name) and len(test.comparisons) == 1 and
            isinstance(test.comparisons[0].operator, cst.Is) and
            isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"):
        return None
    p = test.left.value
    inner = stmt.body.body
    small = inner[0].body[0] if len(inner) == 1 and isinstance(inner[0], cst.SimpleStatementLine) and \
        len(inner[0].body) == 1 else None
    if p not in defaults or not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                                 isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == p
                                 and isinstance(small.value, cst.Name) and small.value.value in params - {p}):
        return None
    return p, small.value.value


def placeholder_helper(fn: cst.FunctionDef) -> tuple[list[cst.BaseStatement], list[str]] | None:
    """(the statements, the returned names) of a placeholders helper; None for any other function."""
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock):
        return None
    ps = fn.params
    if isinstance(ps.star_arg, cst.Param) or ps.star_kwarg is not None or ps.posonly_params or ps.kwonly_params:
        return None
    params = {p.name.value for p in ps.params}
    defaults = {p.name.value for p in ps.params if isinstance(p.default, cst.Name) and p.default.value == "None"}
    stmts = [s for i, s in enumerate(fn.body.body) if not (i == 0 and is_docstring(s))]
    if not stmts:
        return None
    made: list[str] = []
    for k, stmt in enumerate(stmts[:-1]):
        if _prelude(stmt, defaults, params) is not None:
            if made:
                return None  # (a prelude only before the placeholders)
            continue
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                                                                                         cst.Name)
                and isinstance(small.value, cst.Call) and last_name(small.value.func) == "placeholder"):
            return None
        made.append(small.targets[0].target.value)
    last = stmts[-1].body[0] if isinstance(stmts[-1], cst.SimpleStatementLine) and len(stmts[-1].body) == 1 \
        else None
    if not (isinstance(last, cst.Return) and isinstance(last.value, (cst.Tuple, cst.List)) and last.value.elements):
        return None
    returned = [e.value.value if isinstance(e, cst.Element) and isinstance(e.value, cst.Name) else None
                for e in last.value.elements]
    if None in returned or len(set(returned)) != len(returned) or sorted(returned) != sorted(made) or \
            params & set(made):
        return None
    return stmts, returned


def fold_prelude(fn: cst.FunctionDef, body: list[cst.BaseStatement], bound: dict[str, cst.BaseExpression]
                 ) -> list[cst.SimpleStatementLine] | None:
    """``body`` without its ``if p is None: p = q`` lines, each folded at this call into ``bound`` (``p`` read
    as ``q``'s argument where the call leaves ``p`` None; dropped where it gives a literal); None where the call
    gives ``p`` something else (which may be None when it runs)."""
    params = {p.name.value for p in fn.params.params}
    defaults = {p.name.value for p in fn.params.params if isinstance(p.default, cst.Name) and
                p.default.value == "None"}
    out = []
    for stmt in body:
        found = _prelude(stmt, defaults, params)
        if found is None:
            out.append(stmt)
            continue
        p, q = found
        value = bound.get(p)
        if isinstance(value, cst.Name) and value.value == "None":
            bound[p] = bound[q]
        elif not isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.List, cst.Tuple)):
            return None  # (a name or call the caller passes: it may be None when it runs)
    return out


__all__ = ["fold_prelude", "placeholder_helper"]
