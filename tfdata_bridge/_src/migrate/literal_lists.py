"""The literal list a name or a ``list(...)`` / ``tuple(...)`` of one stands for, by dataflow: a py_func's
``Tout`` given as ``DTYPES`` (a module constant), ``dtypes`` (a local made once before), or ``list(types)``.

A name bound more than once, or to anything but a list or tuple display, gives None: the caller refuses, or
keeps what it did without one.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import BuiltinAssignment

from tfdata_bridge._src.migrate.in_memory import _module_constant


def literal_list(finder, at: cst.CSTNode, expr: cst.BaseExpression | None, depth: int = 3
                 ) -> cst.List | cst.Tuple | None:
    """``expr`` itself when it is a list or tuple display; else the display it is bound to, seen from the
    statement ``at`` (None: not one, or not provably)."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        return expr
    if depth == 0:
        return None
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("list", "tuple") \
            and len(expr.args) == 1 and not expr.args[0].keyword and not expr.args[0].star \
            and _builtin(finder, at, expr.func.value):
        return literal_list(finder, at, expr.args[0].value, depth - 1)
    if isinstance(expr, cst.Name):
        stmt = finder.scopes.single_assignment(at, expr.value) or _module_constant(finder, at, expr.value)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and small.targets[0].target.value == expr.value:
            return literal_list(finder, stmt, small.value, depth - 1)
    return None


def _builtin(finder, at: cst.CSTNode, name: str) -> bool:
    """``name`` is not bound in the module (so it is the builtin ``list`` / ``tuple``)."""
    scope = finder.scopes.scope(at)
    return scope is not None and all(isinstance(a, BuiltinAssignment) for a in scope[name])
