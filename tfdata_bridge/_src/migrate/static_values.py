"""Values a rewrite must know when the graph is built, followed to the literals that give them.

    def make_input_fn(mode, source_file, target_file, batch_size, num_threads=1):
        def input_fn():
            ...
            tf.train.batch([...], batch_size=batch_size, num_threads=num_threads)   # 1: every call passes nothing

A parameter of a module-level function has one value when every use of the function in the tree is a direct
call (no ``*``/``**``) that passes a literal for it, or nothing (its default, a literal), and all those values
are equal; the parameter is not bound again in the function. A name bound once (a module constant, a local
``COMPRESSION = ...``) is followed to its value. Anything else is ``UNKNOWN``: the caller keeps its refusal.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment, GlobalScope

from tfdata_bridge._src.migrate.calls import nodes_of


class _Unknown:
    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()
_DEPTH = 6


def bound_statement(finder, at: cst.CSTNode, name: str) -> cst.SimpleStatementLine | None:
    """The one statement ``name = ...`` that ``name`` read at ``at`` means, in its scope or an enclosing one (a
    module constant read in a function): None where the name has several bindings or is no assignment."""
    scope = finder.scopes.scope(at)
    found = list(scope[name]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment):
        return None
    stmt = finder.scopes.owners.get(id(found[0].node))
    if stmt is None or len(stmt.body) != 1 or not isinstance(stmt.body[0], cst.Assign) or \
            len(stmt.body[0].targets) != 1 or not isinstance(stmt.body[0].targets[0].target, cst.Name):
        return None
    return stmt


def literal(finder, at: cst.CSTNode, node: cst.BaseExpression | None, depth: int = 0) -> object:
    """The Python value of ``node`` (read at ``at``): a literal, a name bound once to one, or a parameter every
    call in the tree gives the same literal (``parameter_values``); else ``UNKNOWN``."""
    if node is None or depth > _DEPTH:
        return UNKNOWN
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return node.evaluated_value
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = literal(finder, at, node.expression, depth + 1)
        return -inner if isinstance(inner, (int, float)) and not isinstance(inner, bool) else UNKNOWN
    if isinstance(node, cst.Name):
        if node.value in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[node.value]
        stmt = bound_statement(finder, at, node.value)
        if stmt is not None:
            return literal(finder, stmt, stmt.body[0].value, depth + 1)
        values = parameter_values(finder, at, node.value)
        if values is None:
            return UNKNOWN
        got = {repr(v) for v in (literal(f, a, v, depth + 1) for v, f, a in values)}
        if len(got) != 1 or repr(UNKNOWN) in got:
            return UNKNOWN
        v, f, a = values[0]
        return literal(f, a, v, depth + 1)
    return UNKNOWN


def parameter_values(finder, at: cst.CSTNode, name: str
                     ) -> list[tuple[cst.BaseExpression, object, cst.CSTNode]] | None:
    """(the value, the Finder of its module, a node to read it at) for each call of the module-level function
    whose parameter ``name`` read at ``at`` is (its default where a call passes nothing); None where the
    parameter is bound again, the function is used other than by direct calls, called with ``*``/``**``, or
    not called at all (its callers are unknown)."""
    scope = finder.scopes.scope(at)
    found = list(scope[name]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.Param):
        return None
    param = found[0].node
    fn = found[0].scope.node
    if not isinstance(fn, cst.FunctionDef) or not isinstance(finder.scopes.scope(fn), GlobalScope) or \
            fn.decorators or len(list(found[0].scope.assignments[name])) != 1:
        return None
    if param not in fn.params.params and param not in fn.params.kwonly_params:
        return None  # (``*args``, ``**kwargs``)
    position = list(fn.params.params).index(param) if param in fn.params.params else None
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    uses = finder.scopes.callers(fn)
    if module is None:
        return None
    calls = {id(c.func): c for c in nodes_of(module, cst.Call)}
    sites: list[tuple[cst.Call | None, object]] = [(calls.get(id(u)), finder) for u in uses]
    elsewhere = getattr(finder.external, "calls_elsewhere", None) if finder.external is not None else None
    if finder.external is not None:
        if elsewhere is None:
            return None
        sites += [(call, site) for call, _stmt, _module, site in elsewhere(fn.name.value)]
    if not sites:
        return None
    out: list[tuple[cst.BaseExpression, object, cst.CSTNode]] = []
    for call, site in sites:
        if call is None or any(a.star for a in call.args):
            return None
        given = None
        for i, arg in enumerate(call.args):
            if (arg.keyword is None and i == position) or (arg.keyword is not None and arg.keyword.value == name):
                given = arg.value
        if given is not None:
            out.append((given, site, call))
        elif param.default is not None:
            out.append((param.default, finder, fn))
        else:
            return None
    return out
