"""Two ``if``s of one test in a block, one choice: ``if train: A else: B``, then ``S``, then ``if train: C else: D``
(Inception's file producer and examples queue, each chosen by ``train``) is ``S; if train: A; C else: B; D``
when nothing rebinds the test, which calls nothing (a name or an attribute of one, compared with literals or
other such: ``self.mode == 'train'``), and ``S`` are plain
assignments or checks (``if bad: raise``, ``if n is None: n = 2``) that read nothing ``A`` or ``B`` bind and bind
nothing they read: the same statements, the same values, on either path. ``tail_split`` then sees one choice of
source, not two. A queue chosen by a conditional expression after such an ``if`` (``q = RandomShuffleQueue(...) if
train else FIFOQueue(...)``) is first written as the ``if`` it means (``expand_ifexps``).

A choice made after what its branches read (``filename_queue = ...`` then ``if num_readers > 1:``, both
branches reading the queue) takes those plain assignments into each branch that reads them (``push_down``),
so that each path holds one pipeline of its own."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import name_counts, names_in, nodes_of
from tfdata_bridge._src.migrate.walk import Visitor

_JUMPS = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def _plain_test(test: cst.BaseExpression) -> list[str] | None:
    """The names and attribute chains a test reads, where it calls nothing: a name or a chain of attributes of
    one (``train``, ``self.is_training``), compared with literals or with other such chains (``mode == 'train'``,
    ``self.mode != ModeKeys.EVAL``, ``mode in ('train', 'tune')``), under ``not`` / ``and`` / ``or``; None for
    anything else (a call, a subscript: its value may change between the two ``if``s)."""
    chains: list[str] = []

    def walk(node: cst.BaseExpression) -> bool:
        if isinstance(node, (cst.Name, cst.Attribute)):
            parts = []
            while isinstance(node, cst.Attribute):
                parts.append(node.attr.value)
                node = node.value
            if not isinstance(node, cst.Name):
                return False
            chains.append(".".join([node.value, *reversed(parts)]))
            return True
        if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)):
            return True
        if isinstance(node, (cst.Tuple, cst.List)):
            return all(walk(e.value) for e in node.elements)
        if isinstance(node, cst.Comparison):
            return walk(node.left) and all(walk(t.comparator) for t in node.comparisons)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            return walk(node.expression)
        if isinstance(node, cst.BooleanOperation):
            return walk(node.left) and walk(node.right)
        return False

    return chains if walk(test) and chains else None


def _two_way(stmt: cst.BaseStatement) -> bool:
    """``if ...: ... else: ...`` (no ``elif``), both branches plain blocks that end without a jump."""
    if not (isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else)):
        return False
    for block in (stmt.body, stmt.orelse.body):
        if not (isinstance(block, cst.IndentedBlock) and block.body):
            return False
        last = block.body[-1]
        if isinstance(last, cst.SimpleStatementLine) and any(isinstance(s, _JUMPS) for s in last.body):
            return False
    return True


def _rebinds(nodes: list[cst.CSTNode], chains: list[str]) -> bool:
    """Some statement of ``nodes`` assigns a name or attribute chain a test reads (``chains``), a chain it is
    under (``self``) or one under it (``for``/``with``/``:=`` included)."""
    code = cst.Module([]).code_for_node
    found = []
    heads = {c.split(".")[0] for c in chains}
    prefixes = {".".join(c.split(".")[:k]) for c in chains for k in range(1, c.count(".") + 2)}

    class _V(Visitor):
        def _target(self, target: cst.CSTNode) -> None:
            text = code(target)
            if text in prefixes or any(text.startswith(c + ".") for c in chains) or any(
                    isinstance(n, cst.Name) and n.value in heads for n in target_nodes(target)):
                found.append(target)

        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            self._target(n.target)

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            self._target(n.target)

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            self._target(n.target)

        def visit_For(self, n: cst.For) -> None:
            self._target(n.target)

        def visit_AsName(self, n: cst.AsName) -> None:
            self._target(n.name)

        def visit_NamedExpr(self, n: cst.NamedExpr) -> None:
            self._target(n.target)

        def visit_Global(self, n: cst.Global) -> None:
            found.append(n)

        def visit_Nonlocal(self, n: cst.Nonlocal) -> None:
            found.append(n)

    for node in nodes:
        node.visit(_V())
    return bool(found)


def target_nodes(target: cst.CSTNode) -> list[cst.Name]:
    """The names an assignment target binds (through tuples, lists and starred elements)."""
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in target_nodes(e.value)]
    if isinstance(target, cst.StarredElement):
        return target_nodes(target.value)
    return []


def merge_same_tests(body: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """``body`` with each such pair of ``if``s merged (``body`` itself when there is none)."""
    code = cst.Module([]).code_for_node
    out = list(body)
    changed = False
    i = 0
    while i < len(out):
        first = out[i]
        roots = _plain_test(first.test) if _two_way(first) else None
        j = next((j for j in range(i + 1, len(out)) if _two_way(out[j]) and roots is not None
                  and code(out[j].test) == code(first.test)), None)
        if j is None:
            i += 1
            continue
        second, between = out[j], out[i + 1:j]
        chosen = _bound([first.body, first.orelse])
        if _rebinds([first, *between, second.body, second.orelse], roots) or not all(
                plain_assign(s) or guard(s) for s in between) or any(
                names_in(s) & chosen or _bound([s]) & names_in(first) for s in between):
            i += 1
            continue
        merged = first.with_changes(
            body=first.body.with_changes(body=[*first.body.body, *second.body.body]),
            orelse=first.orelse.with_changes(body=first.orelse.body.with_changes(
                body=[*first.orelse.body.body, *second.orelse.body.body])))
        out[i:j + 1] = [*between, merged]
        changed = True
    return out if changed else body


def _ifexp_if(stmt: cst.BaseStatement) -> cst.If | None:
    """``x = A if test else B`` (the examples queue chosen by a conditional expression) as the ``if test: x = A
    else: x = B`` it means, where an ``if`` of the same test before it chooses the source: merged with it."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and isinstance(stmt.body[0].value, cst.IfExp)):
        return None
    assign, value = stmt.body[0], stmt.body[0].value

    def arm(expr: cst.BaseExpression) -> cst.IndentedBlock:
        return cst.IndentedBlock([stmt.with_changes(body=[assign.with_changes(value=expr.with_changes(lpar=[], rpar=[])
                                                                              if expr.lpar else expr)])])

    return cst.If(test=value.test.with_changes(lpar=[], rpar=[]) if value.test.lpar else value.test,
                  body=arm(value.body), orelse=cst.Else(arm(value.orelse)))


def expand_ifexps(module: cst.Module) -> cst.Module:
    """``module`` with each ``x = A if test else B`` that follows, in the same block, an ``if test: ... else:
    ...`` (a test ``merge_same_tests`` takes) written as that ``if`` (``_ifexp_if``); ``module`` itself when there
    is none."""
    if not nodes_of(module, cst.IfExp):
        return module  # (no conditional expression: nothing to write, the module not rebuilt)
    code = cst.Module([]).code_for_node

    class _T(cst.CSTTransformer):
        def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
            tests: set[str] = set()
            body, changed = [], False
            for stmt in updated.body:
                made = _ifexp_if(stmt)
                if made is not None and code(made.test) in tests:
                    body.append(made)
                    changed = True
                    continue
                if _two_way(stmt) and _plain_test(stmt.test) is not None:
                    tests.add(code(stmt.test))
                body.append(stmt)
            return updated.with_changes(body=body) if changed else updated

    out = module.visit(_T())
    return module if out.deep_equals(module) else out


def guard(stmt: cst.BaseStatement) -> bool:
    """A check between the two ``if``s: ``if bad: raise ...`` or a default, ``if n is None: n = 2`` (no
    ``else``); each ends the program or gives its names the same values on either path, as plain assignments do."""
    if not (isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.body, cst.IndentedBlock)):
        return False
    return all(isinstance(s, cst.SimpleStatementLine) and (plain_assign(s) or all(
        isinstance(small, cst.Raise) for small in s.body)) for s in stmt.body.body)


def plain_assign(stmt: cst.BaseStatement) -> bool:
    """``name = value`` (or a tuple of names) and nothing else on the line."""
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and \
        isinstance(stmt.body[0], cst.Assign) and all(
            isinstance(t.target, cst.Name) or isinstance(t.target, (cst.Tuple, cst.List)) and all(
                isinstance(e.value, cst.Name) for e in t.target.elements) for t in stmt.body[0].targets)


def _bound(nodes: list[cst.CSTNode]) -> set[str]:
    out: set[str] = set()

    class _V(Visitor):
        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            out.update(x.value for x in target_nodes(n.target))

        def visit_For(self, n: cst.For) -> None:
            out.update(x.value for x in target_nodes(n.target))

    for node in nodes:
        node.visit(_V())
    return out


def pushable(before: list[cst.BaseStatement], stmt: cst.If, tail: list[cst.BaseStatement],
              everywhere, region: dict[str, int]) -> list[cst.BaseStatement]:
    """The plain assignments right before ``stmt`` whose names only the ``if``'s branches, its tail and each
    other read (not its test, nothing after the tail): a file producer made before ``if num_readers > 1:``
    that both branches read. ``region`` gets their counts."""
    out: list[cst.BaseStatement] = []
    test = names_in(stmt.test)
    for s in reversed(before):
        if not plain_assign(s):
            break
        bound = _bound([s])
        counts = name_counts(s)
        inside = {n: region.get(n, 0) + counts.get(n, 0) + sum(name_counts(o).get(n, 0) for o in out) for n in bound}
        # (read by nothing else: not moved, so nothing is dropped; its names all read within the region)
        if bound & test or any(everywhere.get(n, 0) != inside[n] or inside[n] <= counts.get(n, 0) for n in bound):
            break
        out.insert(0, s)
    for s in out:
        for name, n in name_counts(s).items():
            region[name] = region.get(name, 0) + n
    return out


def push_down(pushed: list[cst.BaseStatement], stmt: cst.If, tail: list[cst.BaseStatement],
               pairs: list[tuple[cst.CSTNode, cst.CSTNode]]) -> cst.If:
    """``stmt`` with each statement of ``pushed`` first in each branch that (with the tail) reads what it binds;
    the ``else`` branch gets copies (``pairs``: copy, original)."""
    def prefix(block: cst.IndentedBlock, copy: bool) -> list[cst.BaseStatement]:
        needed = set().union(*(names_in(s) for s in (*block.body, *tail)))
        out: list[cst.BaseStatement] = []
        for s in reversed(pushed):
            if _bound([s]) & needed:
                needed |= names_in(s)
                clone = s.deep_clone() if copy else s
                if copy:
                    pairs.append((clone, s))
                out.insert(0, clone)
        return out

    orelse = stmt.orelse
    return stmt.with_changes(
        body=stmt.body.with_changes(body=[*prefix(stmt.body, False), *stmt.body.body]),
        orelse=orelse.with_changes(body=orelse.body.with_changes(body=[*prefix(orelse.body, True),
                                                                        *orelse.body.body])))
