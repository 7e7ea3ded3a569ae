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
    """The 1-based line of ``original`` that each line of ``hoisted`` stands for (a named call: its batch's)."""
    a, b = original.splitlines(), hoisted.splitlines()
    to: dict[int, int] = {}
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        for j in range(j1, j2):
            to[j] = i1 + (j - j1 if op == "equal" else min(max(j - j1 - (j2 - j1 - (i2 - i1)), 0), max(i2 - i1 - 1, 0)))
    return lambda line: to.get(line - 1, line - 1) + 1
