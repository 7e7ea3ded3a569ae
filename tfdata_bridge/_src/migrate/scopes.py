"""Def-use questions answered by scope (libcst's ``ScopeProvider``), never by spelling.

``Scopes`` wraps the provider's node -> scope map with the three questions the recogniser asks: where a name
used at a statement was assigned (the one statement, if it is one), which Name nodes read what a statement
binds, and which module-level function a called name means.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst
from libcst.metadata import Assignment, GlobalScope, Scope


class Scopes:
    def __init__(self, scopes: Mapping[cst.CSTNode, Scope | None], owners: Mapping[int, cst.SimpleStatementLine],
                 lines: Mapping[cst.CSTNode, int]) -> None:
        self.scopes = scopes
        self.owners = owners  # id(target Name) -> the assignment statement binding it
        self.lines = lines

    def scope(self, node: cst.CSTNode) -> Scope | None:
        return self.scopes.get(node)

    def readers_of(self, stmt: cst.CSTNode, name: str) -> list[cst.Name]:
        """Every Name node (in this scope or a nested one) that reads ``name`` as bound in ``stmt``'s scope."""
        scope = self.scope(stmt)
        if scope is None:
            return []
        out: list[cst.Name] = []
        for a in scope.assignments[name]:
            out += [r.node for r in a.references if isinstance(r.node, cst.Name)]
        return out

    def single_assignment(self, at: cst.CSTNode, name: str) -> cst.SimpleStatementLine | None:
        """The one statement ``name = ...`` that the use of ``name`` at ``at`` can mean, made before ``at``."""
        scope = self.scope(at)
        if scope is None:
            return None
        found = list(scope[name])
        if len(found) != 1 or not isinstance(found[0], Assignment) or found[0].scope is not scope:
            return None
        stmt = self.owners.get(id(found[0].node))
        if stmt is None or self.lines.get(stmt, 0) >= self.lines.get(at, 0):
            return None
        return stmt

    def module_function(self, at: cst.CSTNode, name: str) -> cst.FunctionDef | None:
        """The module-level ``def name`` that a call of ``name`` at ``at`` means, when it is one."""
        scope = self.scope(at)
        if scope is None:
            return None
        found = list(scope[name])
        if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].scope, GlobalScope):
            return None
        node = found[0].node
        return node if isinstance(node, cst.FunctionDef) else None

    def callers(self, fn: cst.FunctionDef) -> list[cst.Name]:
        scope = self.scope(fn)
        if scope is None:
            return []
        return [r.node for a in scope.assignments[fn.name.value] for r in a.references if isinstance(r.node, cst.Name)]
