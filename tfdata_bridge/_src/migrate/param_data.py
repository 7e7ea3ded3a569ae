"""In-memory data that reaches a batch through a parameter: ``def batch_training(X, Y, n): ...`` called as
``batch_training(tf.constant(features), tf.constant(labels), 2)``.

A parameter is the same value at every run when every call of its function passes such data: the function is
a module-level ``def``, the parameter is not bound again before the statement that reads it, every use of the
function's name in its module is a direct call that passes the parameter (by position or keyword, no ``*``),
and, in a tree, no other module uses the function. ``check`` says whether each passed value is data
(``in_memory.py``'s rule, at the call).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst
from libcst.metadata import Assignment, FunctionScope, GlobalScope

from tfdata_bridge._src.migrate.calls import nodes_of


def parameter_data(finder, at: cst.CSTNode, name: str, depth: int,
                   check: Callable[[cst.CSTNode, cst.BaseExpression, int], str | None]) -> str | None:
    """None when ``name`` read at ``at`` is a parameter every call passes in-memory data to; else why not."""
    scope = finder.scopes.scope(at)
    found = list(scope[name]) if scope is not None else []
    params = [a for a in found if isinstance(a, Assignment) and isinstance(a.node, cst.Param)]
    if len(params) != 1 or not isinstance(scope, FunctionScope) or params[0].scope is not scope:
        return f"`{name}` is not bound once before the batch (a parameter, or bound several times)"
    fn = scope.node
    body = list(fn.body.body) if isinstance(fn, cst.FunctionDef) and isinstance(fn.body, cst.IndentedBlock) else []
    # other bindings of the parameter: plain statements of the body's own block, at or after ``at``
    top = {id(s): i for i, s in enumerate(body)}
    at_index = top.get(id(at))
    for a in found:
        if a in params:
            continue
        stmt = finder.scopes.owners.get(id(a.node)) if isinstance(a, Assignment) else None
        if at_index is None or stmt is None or top.get(id(stmt), -1) < at_index:
            where = fn.name.value if isinstance(fn, cst.FunctionDef) else "?"  # (no eager ``cst.Name('?')``)
            return f"the parameter `{name}` is bound again in `{where}`"
    outer = finder.scopes.scope(fn)
    if not isinstance(outer, GlobalScope) or finder.scopes.module_function(fn, fn.name.value) is not fn:
        return f"`{name}` is a parameter of `{fn.name.value}`, which is not a module-level function"
    if finder.external is not None:
        outside = getattr(finder.external, "uses_elsewhere", None)
        if outside is None or outside(fn.name.value):
            return f"`{name}` is a parameter of `{fn.name.value}`, which another module of the tree uses"
    position = [p.name.value for p in fn.params.params].index(name) \
        if name in [p.name.value for p in fn.params.params] else None
    uses = finder.scopes.callers(fn)
    if not uses:
        return f"`{name}` is not bound once before the batch (a parameter of `{fn.name.value}`, which nothing in " \
               "its module calls)"
    module = next((n for n, sc in finder.scopes.scopes.items() if isinstance(n, cst.Module)), None)
    if module is None:
        return f"`{name}` is a parameter of `{fn.name.value}`, whose module the rewrite cannot read"
    calls = {}
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        for c in nodes_of(stmt, cst.Call):
            calls[id(c.func)] = (stmt, c)
    for use in uses:
        if id(use) not in calls:
            return f"`{fn.name.value}` is used other than by a direct call, so its `{name}` cannot be followed"
        stmt, call = calls[id(use)]
        value = None
        for i, arg in enumerate(call.args):
            if arg.star:
                return f"`{fn.name.value}` is called with `*`/`**`, so its `{name}` cannot be followed"
            if (arg.keyword is None and i == position) or (arg.keyword is not None and arg.keyword.value == name):
                value = arg.value
        if value is None:
            return f"a call of `{fn.name.value}` does not pass `{name}`"
        why = check(stmt, value, depth - 1)
        if why is not None:
            return f"`{name}` of `{fn.name.value}`: {why}"
    return None
