"""A feeding loop's coordinator checks, once the loop is a generator read by tf.data.

``if coord.should_stop(): break``, ``while not coord.should_stop():`` and ``with coord.stop_on_exception():`` let a feeding thread end when the
program stops; a generator is simply no longer pulled once the consumer stops, and an exception in it reaches
the consumer at ``get_next``. A parameter of the feeding function used only so goes, with its checks, and so
does the argument the threads passed for it (then nothing keeps the program's ``Coordinator`` alive).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of


def _is_check(stmt: cst.CSTNode, name: str) -> bool:
    """``if name.should_stop(): break`` (or ``return``), nothing else in it."""
    if not (isinstance(stmt, cst.If) and stmt.orelse is None and _calls(stmt.test, name, "should_stop")):
        return False
    body = stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else stmt.body.body
    only = body[0] if len(body) == 1 else None
    small = only.body[0] if isinstance(only, cst.SimpleStatementLine) and len(only.body) == 1 else only
    return isinstance(small, cst.Break) or (isinstance(small, cst.Return) and small.value is None)


def _calls(expr: cst.CSTNode, name: str, method: str) -> bool:
    return isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) \
        and expr.func.attr.value == method and isinstance(expr.func.value, cst.Name) and expr.func.value.value == name


def _is_loop(stmt: cst.CSTNode, name: str) -> bool:
    """``while not name.should_stop():``"""
    return isinstance(stmt, cst.While) and isinstance(stmt.test, cst.UnaryOperation) \
        and isinstance(stmt.test.operator, cst.Not) and _calls(stmt.test.expression, name, "should_stop")


def _is_guard(stmt: cst.CSTNode, name: str) -> bool:
    return isinstance(stmt, cst.With) and len(stmt.items) == 1 and stmt.items[0].asname is None \
        and _calls(stmt.items[0].item, name, "stop_on_exception") and isinstance(stmt.body, cst.IndentedBlock)


def coordinator_params(fn: cst.FunctionDef, keep: str) -> list[str]:
    """The parameters (``keep`` aside) used in ``fn`` only by should_stop checks and stop_on_exception guards."""
    out = []
    for p in fn.params.params:
        name = p.name.value
        if name == keep or p.default is not None:
            continue
        uses = [n for n in nodes_of(fn.body, cst.Name) if n.value == name]
        allowed = {id(n) for s in nodes_of(fn.body, cst.CSTNode)
                   if _is_check(s, name) or _is_guard(s, name) or _is_loop(s, name)
                   for n in (nodes_of(s, cst.Name) if _is_check(s, name) else
                             nodes_of(s.test, cst.Name) if _is_loop(s, name) else nodes_of(s.items[0], cst.Name))}
        if uses and all(id(n) in allowed for n in uses):
            out.append(name)
    return out


class DropChecks(cst.CSTTransformer):
    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def leave_If(self, original, updated):
        return cst.RemovalSentinel.REMOVE if any(_is_check(original, n) for n in self.names) else updated

    def leave_While(self, original, updated):
        if any(_is_loop(original, n) for n in self.names):
            return updated.with_changes(test=cst.Name("True"))
        return updated

    def leave_With(self, original, updated):
        if any(_is_guard(original, n) for n in self.names):
            body = list(updated.body.body)  # (libcst indents by nesting: the statements move as they are)
            return cst.FlattenSentinel(body) if body else cst.RemovalSentinel.REMOVE
        return updated

