"""A helper called inside a batch call's tensors, named first: the form the recogniser follows.

    example_batch, label_batch = tf.train.batch(read_my_file_format(filename_queue), batch_size=32)
    images = tf.train.batch([decode(queue)], 8)

become, before recognition,

    example, label = read_my_file_format(filename_queue)
    example_batch, label_batch = tf.train.batch([example, label], batch_size=32)

which is the same program (the call runs once, before the batch, as it did as an argument; legacy returns a
list for a list or a tuple of tensors alike). Only calls of functions defined at the top of the module are
named, with the names the function returns where they are free in the module. ``to_tfdata.run`` keeps the
hoisted module only where it lets more pipelines be rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.calls import namer, names_in

_BATCHES = {"batch", "shuffle_batch", "maybe_batch", "maybe_shuffle_batch"}


def hoist_helper_calls(module: cst.Module) -> cst.Module:
    """``module`` with each module-function call in a batch call's tensors assigned to names first (the same
    module object when there is none)."""
    functions = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
    if not functions:
        return module
    top = {n for s in module.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef)) for n in names_in(s)}
    hoister = _Hoister(functions, top | {s.name.value for s in module.body
                                         if isinstance(s, (cst.FunctionDef, cst.ClassDef))})
    out = module.visit(hoister)
    return out if hoister.changed else module


def _returned(fn: cst.FunctionDef) -> cst.BaseExpression | None:
    last = fn.body.body[-1] if isinstance(fn.body, cst.IndentedBlock) and fn.body.body else None
    if isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return):
        return last.body[0].value
    return None


class _Hoister(cst.CSTTransformer):
    def __init__(self, functions: dict[str, cst.FunctionDef], top: set[str]) -> None:
        self.functions = functions
        self.taken = [set(top)]  # the names of the module, then of each function the walk is in (its scope)
        self.changed = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.taken.append(self.taken[-1] | names_in(node))

    def leave_FunctionDef(self, original, updated):
        self.taken.pop()
        return updated

    def _fresh(self, base: str) -> str:
        return namer(self.taken[-1])(base)

    def _helper(self, node: cst.BaseExpression) -> cst.FunctionDef | None:
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in self.functions:
            return self.functions[node.func.value]
        return None

    def _names_for(self, fn: cst.FunctionDef, many: bool) -> list[str] | None:
        returned = _returned(fn)
        if returned is None:
            return None
        if not many:
            base = returned.value if isinstance(returned, cst.Name) else "element"
            return None if isinstance(returned, (cst.Tuple, cst.List)) else [self._fresh(base)]
        if not isinstance(returned, (cst.Tuple, cst.List)) or not returned.elements or \
                any(isinstance(e, cst.StarredElement) for e in returned.elements):
            return None
        return [self._fresh(e.value.value if isinstance(e.value, cst.Name) else f"tensor_{i}")
                for i, e in enumerate(returned.elements)]

    def leave_SimpleStatementLine(self, original, updated):
        if len(updated.body) != 1:
            return updated
        small = updated.body[0]
        call = getattr(small, "value", None)
        if not (isinstance(small, (cst.Assign, cst.Return, cst.Expr)) and isinstance(call, cst.Call)):
            return updated
        func = call.func
        short = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) \
            else None
        if short not in _BATCHES:
            return updated
        at = next((i for i, a in enumerate(call.args) if (a.keyword is None and i == 0) or
                   (a.keyword is not None and a.keyword.value == "tensors")), None)
        if at is None or call.args[at].star:
            return updated
        tensors = call.args[at].value
        before: list[cst.SimpleStatementLine] = []
        fn = self._helper(tensors)
        if fn is not None:  # ``batch(read(q), ...)``: the helper returns the tensors
            names = self._names_for(fn, many=True)
            if names is None:
                return updated
            before.append(_assign(names, tensors))
            new = cst.List([cst.Element(cst.Name(n)) for n in names])
        elif isinstance(tensors, (cst.List, cst.Tuple)):  # ``batch([decode(q), label], ...)``: one tensor each
            elements = []
            for el in tensors.elements:
                fn = self._helper(el.value)
                names = self._names_for(fn, many=False) if fn is not None else None
                if names is None:
                    elements.append(el)
                    continue
                before.append(_assign(names, el.value))
                elements.append(el.with_changes(value=cst.Name(names[0])))
            if not before:
                return updated
            new = tensors.with_changes(elements=elements)
        else:
            return updated
        self.changed = True
        args = list(call.args)
        args[at] = args[at].with_changes(value=new)
        line = updated.with_changes(body=[small.with_changes(value=call.with_changes(args=args))], leading_lines=())
        before[0] = before[0].with_changes(leading_lines=updated.leading_lines)
        return cst.FlattenSentinel([*before, line])


def _assign(names: list[str], value: cst.BaseExpression) -> cst.SimpleStatementLine:
    target = cst.Name(names[0]) if len(names) == 1 else cst.Tuple([cst.Element(cst.Name(n)) for n in names],
                                                                   lpar=[], rpar=[])
    return cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], value)])


def line_map(original: str, hoisted: str) -> Callable[[int], int]:
    """The 1-based line of ``original`` that each line of ``hoisted`` stands for (a named call: its batch's).

    Lines are matched as a patience diff does: the lines met once on each side anchor the match, and only the
    short stretches between anchors go through ``difflib`` (which on a whole module of repeated blank lines is
    quadratic); a line of a changed stretch stands for the changed original line at the same distance from the
    stretch's end (an inserted line: the original line after the insertion)."""
    a, b = original.splitlines(), hoisted.splitlines()
    to: dict[int, int] = {}
    i = j = 0
    for mi, mj, size in [*_matches(a, b), (len(a), len(b), 0)]:
        i2, j2 = mi, mj
        for k in range(j, j2):
            to[k] = i + min(max(k - j - (j2 - j - (i2 - i)), 0), max(i2 - i - 1, 0))
        for k in range(size):
            to[mj + k] = mi + k
        i, j = mi + size, mj + size
    return lambda line: to.get(line - 1, line - 1) + 1


_SMALL = 40_000  # (a stretch with no anchor and fewer line pairs than this goes to difflib whole)


def _matches(a: list[str], b: list[str]) -> list[tuple[int, int, int]]:
    """Matching blocks ``(i, j, n)`` of ``a`` and ``b``, in order, not overlapping (no end sentinel)."""
    found: list[tuple[int, int, int]] = []
    stack = [(0, len(a), 0, len(b))]
    while stack:
        alo, ahi, blo, bhi = stack.pop()
        head = 0
        while alo + head < ahi and blo + head < bhi and a[alo + head] == b[blo + head]:
            head += 1
        tail = 0
        while ahi - tail > alo + head and bhi - tail > blo + head and a[ahi - tail - 1] == b[bhi - tail - 1]:
            tail += 1
        if head:
            found.append((alo, blo, head))
        if tail:
            found.append((ahi - tail, bhi - tail, tail))
        alo, blo, ahi, bhi = alo + head, blo + head, ahi - tail, bhi - tail
        if alo == ahi or blo == bhi:
            continue
        anchors = _unique_common(a, alo, ahi, b, blo, bhi)
        if anchors:
            edges = [(alo - 1, blo - 1), *anchors, (ahi, bhi)]
            for (i, j), (k, m) in zip(edges, edges[1:]):
                if (i, j) != (alo - 1, blo - 1):
                    found.append((i, j, 1))
                stack.append((i + 1, k, j + 1, m))
        elif (ahi - alo) * (bhi - blo) <= _SMALL:
            matcher = difflib.SequenceMatcher(None, a[alo:ahi], b[blo:bhi], autojunk=False)
            found.extend((alo + i, blo + j, n) for i, j, n in matcher.get_matching_blocks() if n)
    return sorted(found)


def _unique_common(a, alo, ahi, b, blo, bhi) -> list[tuple[int, int]]:
    """The lines met once in ``a[alo:ahi]`` and once in ``b[blo:bhi]``, as ``(i, j)`` pairs, the longest run
    increasing on both sides (patience sorting)."""
    seen: dict[str, list[int]] = {}
    for i in range(alo, ahi):
        seen.setdefault(a[i], [0, -1, 0, -1])
        entry = seen[a[i]]
        entry[0] += 1
        entry[1] = i
    for j in range(blo, bhi):
        entry = seen.get(b[j])
        if entry is not None:
            entry[2] += 1
            entry[3] = j
    pairs = sorted((i, j) for n, i, m, j in seen.values() if n == 1 and m == 1)
    tops: list[int] = []  # tops[k]: the smallest j ending a run of k + 1
    ends: list[int] = []  # ends[k]: index into pairs of that run's end
    back: list[int] = []
    for index, (_, j) in enumerate(pairs):
        k = bisect.bisect_left(tops, j)
        back.append(ends[k - 1] if k else -1)
        if k == len(tops):
            tops.append(j)
            ends.append(index)
        else:
            tops[k], ends[k] = j, index
    run: list[tuple[int, int]] = []
    at = ends[-1] if ends else -1
    while at >= 0:
        run.append(pairs[at])
        at = back[at]
    return run[::-1]
