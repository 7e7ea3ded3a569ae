"""Setting aside the top-level statements a rewrite cannot touch, so libcst reads only the rest.

libcst costs about 100 times what CPython's ``ast`` does (its parse, positions and scopes of a 200,000-line
generated module take minutes), while a rewrite only ever changes what is tied, by name, to a TensorFlow
import. ``elide`` finds, with ``ast``, the module-level statements that share no name with that code: none
of the names they use is bound by the code kept, none of the names they bind is used by it, and their text
says nothing a rewrite looks for (``tensorflow``, ``import``, ``__main__``, the execution-mode calls). Each
run of them becomes one placeholder statement over the same number of lines (a triple-quoted string of
newlines), which names the run's identifiers, so line numbers, notes and fresh names come out as they would
from the whole module. ``Elided.restore`` puts the original lines back in the rewritten code, or says it
cannot (a placeholder not found once, at the start of a line), and the caller rewrites the whole module.
``scan`` resolves names in the statements kept alone (``set_aside``): the others reach no import.

A module with a star import (it binds names no statement spells), line ends other than ``\n``, or under
``MIN_MODULE_LINES`` lines is read whole.
"""

from __future__ import annotations

import ast
import bisect
import functools
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from tfdata_bridge._src.migrate.fast_names import walk as _walk

# a run shorter than this stays: the placeholder would save libcst little
MIN_RUN_LINES = 20
# a module shorter than this is rewritten whole
MIN_MODULE_LINES = 2_000
MARK = "_tfdata_bridge_elided_"
_STAR = re.compile(r"\bimport\s*\*")
_SENSITIVE = re.compile(r"tensorflow|tf_slim|tfdata_bridge|\bimport\b|__main__|eager_execution|v2_behavior|" + MARK)


@dataclass(frozen=True)
class Elided:
    text: str  # the module with each run replaced by its placeholder
    runs: tuple[tuple[str, str], ...]  # (placeholder, the original lines it stands for), in source order

    def restore(self, code: str) -> str | None:
        """``code`` (a rewrite of ``text``) with the original lines back; None where a placeholder did not
        come through whole, once, at the start of a line, in order."""
        if code.count(MARK) != len(self.runs):
            return None
        out: list[str] = []
        at = 0
        for placeholder, original in self.runs:
            found = code.find(placeholder, at)
            if found < 0 or (found > 0 and code[found - 1] != "\n"):
                return None
            out += [code[at:found], original]
            at = found + len(placeholder)
        out.append(code[at:])
        return "".join(out)


def _names(stmt: ast.stmt) -> tuple[set[str], set[str], set[str]]:
    """(names bound, every identifier, the identifiers libcst sees as names) of one statement."""
    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant) and all(
            isinstance(t, ast.Name) for t in stmt.targets):  # the common generated line, `value = 3`
        bound = {t.id for t in stmt.targets}  # type: ignore[attr-defined]
        return bound, bound, bound
    bound: set[str] = set()
    used: set[str] = set()
    names: set[str] = set()
    for node in _walk(stmt):
        if isinstance(node, ast.Name):
            names.add(node.id)
            if not isinstance(node.ctx, ast.Load):
                bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            bound.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
            bound.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bound.add(node.rest)
        elif isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, ast.keyword) and node.arg:
            used.add(node.arg)
    names |= bound
    return bound, used | names, names


def _start(stmt: ast.stmt) -> int:
    decorators = getattr(stmt, "decorator_list", None) or []
    return min([stmt.lineno, *(d.lineno for d in decorators)])  # a decorated definition starts at its first ``@``


def _placeholder(k: int, names: Iterable[str], lines: int) -> str:
    items = "".join(f"{n}, " for n in sorted(names))
    string = '"""' + "\n" * (lines - 1) + '"""' if lines > 1 else '""'
    return f"{MARK}{k}_ = ({items}{string},)"


@functools.lru_cache(maxsize=2)  # scan and the rewrite ask it of the same module, one after the other
def _plan(source: str, tree: ast.Module) -> tuple[list[bool], list, list[tuple[int, int]]] | None:
    """(for each module-level statement, whether it is tied to nothing a rewrite or scan looks at; the
    statements' names; their line spans), or None where the module is read whole."""
    lines = source.splitlines(keepends=True)
    if MARK in source or "\r" in source or _STAR.search(source) or \
            len(lines) != source.count("\n") + (not source.endswith("\n")):
        return None  # a star import binds names no statement spells; other line ends than \n (libcst takes
        # the first for its own; \f splits lines)
    body = tree.body
    spans = [(_start(s), s.end_lineno or s.lineno) for s in body]
    facts = [_names(s) for s in body]
    starts = list(itertools.accumulate((len(line) for line in lines), initial=0))  # offset of each line
    sensitive = [0] * (len(lines) + 2)  # how many of lines 1..n say something a rewrite looks for
    for m in _SENSITIVE.finditer(source):
        sensitive[bisect.bisect_right(starts, m.start())] = 1
    sensitive = list(itertools.accumulate(sensitive))
    candidate = []
    for i, (stmt, (first, last)) in enumerate(zip(body, spans)):
        whole_lines = stmt.col_offset == 0 and (i == 0 or spans[i - 1][1] < first) and (
            i == len(body) - 1 or spans[i + 1][0] > last)  # alone on its lines (no `a = 1; b = 2`)
        candidate.append(whole_lines and not isinstance(stmt, (ast.Import, ast.ImportFrom))
                         and sensitive[last] == sensitive[first - 1])
    # what the kept statements bind and use; a candidate tied to either by a name is kept too
    kept_bound: set[str] = set()
    kept_used: set[str] = set()
    users: dict[str, list[int]] = {}  # name -> candidates using it
    binders: dict[str, list[int]] = {}  # name -> candidates binding it
    todo: list[int] = []
    for i, (bound, used, _) in enumerate(facts):
        if candidate[i]:
            for n in used:
                users.setdefault(n, []).append(i)
            for n in bound:
                binders.setdefault(n, []).append(i)
        else:
            todo.append(i)
    while todo:
        bound, used, _ = facts[todo.pop()]
        for n in bound - kept_bound:
            kept_bound.add(n)
            for j in users.pop(n, ()):
                if candidate[j]:
                    candidate[j] = False
                    todo.append(j)
        for n in used - kept_used:
            kept_used.add(n)
            for j in binders.pop(n, ()):
                if candidate[j]:
                    candidate[j] = False
                    todo.append(j)
    return candidate, facts, spans


def set_aside(source: str, tree: ast.Module) -> list[bool] | None:
    """For each module-level statement of a module of ``MIN_MODULE_LINES`` or more, whether it is tied to
    nothing a rewrite or scan looks at (None: none is)."""
    if source.count("\n") + 1 < MIN_MODULE_LINES:
        return None
    plan = _plan(source, tree)
    return None if plan is None else plan[0]


def elide(source: str, tree: ast.Module, min_run: int | None = None, min_module: int | None = None) -> Elided | None:
    """``source`` (``tree`` is its ``ast``) with the runs of statements no rewrite can touch set aside; None
    when there is none worth it (by default ``MIN_RUN_LINES`` and ``MIN_MODULE_LINES``)."""
    min_run = MIN_RUN_LINES if min_run is None else min_run
    min_module = MIN_MODULE_LINES if min_module is None else min_module
    if source.count("\n") + 1 < min_module:
        return None
    plan = _plan(source, tree)
    if plan is None:
        return None
    candidate, facts, spans = plan
    body = tree.body
    lines = source.splitlines(keepends=True)
    runs: list[tuple[int, int, set[str]]] = []  # (first line, last line, names)
    i = 0
    while i < len(body):
        if not candidate[i]:
            i += 1
            continue
        j, names = i, set(facts[i][2])
        while j + 1 < len(body) and candidate[j + 1]:
            j += 1
            names |= facts[j][2]
        if spans[j][1] - spans[i][0] + 1 >= min_run:
            runs.append((spans[i][0], spans[j][1], names))
        i = j + 1
    if not runs:
        return None
    out: list[str] = []
    kept: list[tuple[str, str]] = []
    at = 0  # lines copied so far
    for k, (first, last, names) in enumerate(runs):
        out += lines[at:first - 1]
        original = "".join(lines[first - 1:last])
        newline = "\n" if original.endswith("\n") else ""
        placeholder = _placeholder(k, names, last - first + 1)
        out.append(placeholder + newline)
        kept.append((placeholder + newline, original))
        at = last
    out += lines[at:]
    return Elided("".join(out), tuple(kept))
