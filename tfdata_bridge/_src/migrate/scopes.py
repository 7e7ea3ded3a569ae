"""Def-use questions answered by scope (libcst's ``ScopeProvider``), never by spelling.

``Scopes`` wraps the provider's node -> scope map with the three questions the recogniser asks: where a name
used at a statement was assigned (the one statement, if it is one), which Name nodes read what a statement
binds, and which module-level function a called name means.

libcst hands a binding the reads of a nested function that stand before that function's own later assignment
of the name (``image = decode(...); image.set_shape(...); image = cast(image)`` in a nested parser: the first
two reads land on the enclosing function's ``image`` too). Python binds a name a function, lambda or
comprehension assigns (or takes as a parameter) in the whole of it, unless ``nonlocal``/``global`` says
otherwise (libcst then records the assignment in the outer scope); ``local_elsewhere`` drops such reads.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst
from libcst.metadata import Assignment, ComprehensionScope, FunctionScope, GlobalScope, Scope


def local_elsewhere(read_scope: Scope | None, bound: Scope | None, name: str) -> bool:
    """A read of ``name`` in ``read_scope`` cannot mean a binding in ``bound``: a function, lambda or
    comprehension between them (``read_scope`` itself or one enclosing it, below ``bound``) binds the name
    itself, which makes it that one's local throughout (a class body does not: its reads may fall through)."""
    s = read_scope
    while s is not None and s is not bound:
        if isinstance(s, (FunctionScope, ComprehensionScope)) and name in s.assignments:
            return True
        if s.parent is s:
            break
        s = s.parent
    return False


class Scopes:
    def __init__(self, scopes: Mapping[cst.CSTNode, Scope | None], owners: Mapping[int, cst.SimpleStatementLine],
                 lines: Mapping[cst.CSTNode, int], spans: Mapping[cst.CSTNode, tuple[int, int]] | None = None,
                 blocks: Mapping[int, int] | None = None, positions: Mapping[cst.CSTNode, object] | None = None
                 ) -> None:
        self.scopes = scopes
        self.owners = owners  # id(target Name) -> the assignment statement binding it
        self.lines = lines
        # for a name assigned several times in one straight block (two pipelines reusing ``queue``): statement
        # spans, id(statement) -> its block (``with`` bodies count as their enclosing block), node positions
        self.spans = spans or {}
        self.blocks = blocks or {}
        self.positions = positions or {}
        # id(a statement a pass made) -> the statement of the source it stands for (``ChoicePass``: the two batch
        # calls of an ``if`` as one statement, evaluated where the ``if`` stands): its scope is that one's
        self.stands_for: dict[int, cst.CSTNode] = {}

    def _straight(self, scope: Scope, name: str, at: cst.CSTNode | None = None
                  ) -> list[cst.SimpleStatementLine] | None:
        """The statements assigning ``name`` in ``scope``, by line, when there are several and they (and ``at``)
        are plain assignments of one block: then which one a use means is a question of lines. None otherwise."""
        found = list(scope.assignments[name])
        # a parameter re-bound in the body (``label = tf.cast(label, tf.int32)``): bound before the body's first
        # statement, so it counts as one more assignment there when the others are in the body's own block
        params = [a for a in found if isinstance(a, Assignment) and isinstance(a.node, cst.Param)]
        found = [a for a in found if a not in params]
        if len(found) + len(params) < 2 or len(params) > 1 or not found or \
                not all(isinstance(a, Assignment) and id(a.node) in self.owners for a in found):
            return None
        stmts = sorted({id(s): s for s in (self.owners[id(a.node)] for a in found)}.values(),
                       key=lambda s: self.lines.get(s, 0))
        block = {self.blocks.get(id(s)) for s in stmts} | ({self.blocks.get(id(at))} if at is not None else set())
        if len(block) != 1 or None in block or any(s not in self.spans for s in stmts):
            return None
        if params and not (isinstance(scope.node, cst.FunctionDef) and isinstance(scope.node.body, cst.IndentedBlock)
                           and block == {self.blocks.get(id(scope.node.body.body[0]))}):
            return None
        return stmts

    def scope(self, node: cst.CSTNode) -> Scope | None:
        found = self.scopes.get(node)
        if found is None and id(node) in self.stands_for:
            return self.scopes.get(self.stands_for[id(node)])
        return found

    def rebound(self, made: cst.CSTNode, used: cst.CSTNode, name: str) -> bool:
        """``name`` (bound more than once in the function or class scope of ``made``) is assigned after ``made``
        and up to the end of ``used`` (an ``if`` between them, a branch of the choice ``used`` stands for): which
        binding the rewrite's read at ``used`` means is then not the one legacy read at ``made``."""
        scope = self.scope(made)
        if scope is None or isinstance(scope, GlobalScope):
            return False
        found = [a for a in scope.assignments[name] if isinstance(a, Assignment)]
        if len(found) < 2:
            return False
        start = self.lines.get(made, 0)
        at = self.stands_for.get(id(used), used)
        where = self.positions.get(at)
        end = where.end.line if where is not None else self.lines.get(used, 0)
        for a in found:
            pos = self.positions.get(a.node)
            line = pos.start.line if pos is not None else None
            if line is None or start < line <= end:
                return True
        return False

    def readers_of(self, stmt: cst.CSTNode, name: str) -> list[cst.Name]:
        """Every Name node (in this scope or a nested one) that reads ``name`` as bound in ``stmt``'s scope."""
        scope = self.scope(stmt)
        if scope is None:
            return []
        out: list[cst.Name] = []
        for a in scope.assignments[name]:
            out += [r.node for r in a.references if isinstance(r.node, cst.Name) and
                    not local_elsewhere(r.scope, scope, name)]
        out.sort(key=self._where)  # (libcst's references are a set: in source order, so rewrites are repeatable)
        stmts = self._straight(scope, name)
        if stmts is None or stmt not in stmts:
            return list({id(n): n for n in out}.values())
        # several assignments in one block: this one is read after it and up to (and in) the next one; a read
        # before the first assignment (a loop's next turn) may mean any of them, so it counts for each
        k = stmts.index(stmt)
        lo = self.spans[stmt][1]
        hi = self.spans[stmts[k + 1]][1] if k + 1 < len(stmts) else float("inf")
        first = self.spans[stmts[0]][0]
        keep = {}
        for n in out:
            pos = self.positions.get(n)
            line = pos.start.line if pos is not None else None
            if line is None or lo < line <= hi or line < first:
                keep[id(n)] = n
        return list(keep.values())

    def line(self, node: cst.CSTNode) -> int | None:
        """``node``'s first line in the module as written (its position; a statement's line where a pass made
        it), None where neither is known (a node a rewrite made)."""
        pos = self.positions.get(node)
        return pos.start.line if pos is not None else self.lines.get(node)

    def _where(self, node: cst.CSTNode) -> tuple[int, int]:
        pos = self.positions.get(node)
        return (pos.start.line, pos.start.column) if pos is not None else (0, 0)

    def single_assignment(self, at: cst.CSTNode, name: str) -> cst.SimpleStatementLine | None:
        """The one statement ``name = ...`` that the use of ``name`` at ``at`` can mean, made before ``at``."""
        scope = self.scope(at)
        if scope is None:
            return None
        found = list(scope[name])
        stmts = self._straight(scope, name, at) if len(found) > 1 else None
        if stmts is not None:  # the nearest assignment before ``at`` in the same block
            before = [s for s in stmts if self.spans[s][1] < self.lines.get(at, 0)]
            return before[-1] if before else None
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

    def local_function(self, at: cst.CSTNode, name: str) -> cst.FunctionDef | None:
        """The ``def name`` nested in the function that runs ``at`` (bound there once, not ``global`` /
        ``nonlocal``) that a call of ``name`` at ``at`` means, when it is one (``nested_helpers.py``)."""
        scope = self.scope(at)
        if not isinstance(scope, FunctionScope):
            return None
        found = list(scope[name])
        if len(found) != 1 or not isinstance(found[0], Assignment) or found[0].scope is not scope:
            return None
        node = found[0].node
        return node if isinstance(node, cst.FunctionDef) else None

    def same_binding(self, a: cst.CSTNode, b: cst.CSTNode, name: str) -> bool:
        """``name`` read at ``a`` may mean what it means at ``b``: they share a binding (the same function's
        local, a closure's, a module global both read, a ``global`` statement's). False only where both are
        known and bound apart: another function's local of the same spelling is another thing."""
        sa, sb = self.scope(a), self.scope(b)
        if sa is None or sb is None:
            return True
        found_a, found_b = set(sa[name]), set(sb[name])
        return not found_a or not found_b or bool(found_a & found_b)

    def callers(self, fn: cst.FunctionDef) -> list[cst.Name]:
        scope = self.scope(fn)
        if scope is None:
            return []
        return [r.node for a in scope.assignments[fn.name.value] for r in a.references if isinstance(r.node, cst.Name)]
