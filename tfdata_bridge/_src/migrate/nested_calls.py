"""Helper calls nested in one assignment, named one by one: the form the recogniser follows.

    reading = add_calendar(readers.parse_reading(readers.meter_lines(paths, num_epochs=1)))

becomes, before recognition,

    line = readers.meter_lines(paths, num_epochs=1)
    line_2 = readers.parse_reading(line)
    reading = add_calendar(line_2)

which is the same program: Python calls the innermost function first, then each one around it, as the named
statements do; only the lookups of the outer functions' names (a plain name or a module's attribute, never a
call) move after the inner calls, and every other argument is a name, an attribute of a name or a literal, so
nothing else moves. A source helper (here in another module of the tree, making its producer and reader) wrapped
by per-element helpers (here in other modules too) is then a chain of assignments, which the recogniser follows.
Calls of TensorFlow's, NumPy's and the standard library's own functions are not named (they are per-element code as they stand).
``to_tfdata.run`` keeps the named module only where it lets more pipelines be rewritten, so a program left alone
stays as written.
"""

from __future__ import annotations

import sys

import libcst as cst

from tfdata_bridge._src.migrate.calls import namer, names_in

_LIBRARIES = ("tensorflow", "numpy")


def name_nested_calls(module: cst.Module) -> cst.Module:
    """``module`` with each assignment ``x = f(g(h(...)))`` in a function split into one assignment per call
    (the same module object when there is none)."""
    libraries = _library_names(module)
    top = {n for s in module.body for n in names_in(s)} | \
        {s.name.value for s in module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))}
    namer = _Namer(libraries, top)
    out = module.visit(namer)
    return out if namer.changed else module


def _library_names(module: cst.Module) -> set[str]:
    """The names the module binds to TensorFlow's, NumPy's and the standard library's modules and objects."""
    out: set[str] = set()
    for node in module.body:
        small = node.body[0] if isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1 else None
        if isinstance(small, cst.Import):
            for alias in small.names:
                name = _dotted(alias.name)
                if name.split(".")[0] in _LIBRARIES or name.split(".")[0] in sys.stdlib_module_names:
                    out.add(alias.evaluated_alias or name.split(".")[0])
        elif isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative:
            root = _dotted(small.module).split(".")[0]
            if (root in _LIBRARIES or root in sys.stdlib_module_names) and not isinstance(small.names, cst.ImportStar):
                out |= {a.evaluated_alias or a.evaluated_name for a in small.names}
    return out


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def _root(node: cst.BaseExpression) -> str | None:
    """``a`` of ``a`` or ``a.b.c``; None for anything else (a call, a subscript)."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _plain(node: cst.BaseExpression) -> bool:
    """A value whose evaluation has no effect and cannot change by a call made before it: a name, an attribute
    of a name, a literal."""
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return _root(node) is not None


class _Namer(cst.CSTTransformer):
    def __init__(self, libraries: set[str], top: set[str]) -> None:
        self.libraries = libraries
        self.taken = [set(top)]
        self.depth = 0
        self.changed = False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.taken.append(self.taken[-1] | names_in(node))
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.taken.pop()
        self.depth -= 1
        return updated

    def _fresh(self, base: str) -> str:
        return namer(self.taken[-1])(base)

    def _helper_call(self, node: cst.BaseExpression) -> bool:
        """A call of a function of the program (not TensorFlow's nor NumPy's) by a name or a module attribute."""
        if not isinstance(node, cst.Call):
            return False
        root = _root(node.func)
        return root is not None and root not in self.libraries and not any(a.star for a in node.args)

    def _inner(self, call: cst.Call) -> cst.Call | None:
        """The helper call ``call`` takes as its one computed argument, where all its other arguments are plain."""
        if not call.args or call.args[0].keyword is not None or not self._helper_call(call.args[0].value):
            return None
        if not all(_plain(a.value) for a in call.args[1:]):
            return None
        return call.args[0].value

    def leave_SimpleStatementLine(self, original, updated):
        if self.depth == 0 or len(original.body) != 1:
            return updated
        small = original.body[0]  # (its own nodes: a tree resolves other modules' helpers by them)
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and self._helper_call(small.value)):
            return updated
        chain = [small.value]
        while (inner := self._inner(chain[-1])) is not None:
            chain.append(inner)
        if len(chain) < 2:
            return updated
        before: list[cst.SimpleStatementLine] = []
        value: cst.BaseExpression = chain[-1]
        for outer in reversed(chain[:-1]):
            name = self._fresh("value")
            before.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], value)]))
            args = list(outer.args)
            args[0] = args[0].with_changes(value=cst.Name(name))
            value = outer.with_changes(args=args)
        self.changed = True
        line = updated.with_changes(body=[small.with_changes(value=value)], leading_lines=())
        before[0] = before[0].with_changes(leading_lines=updated.leading_lines)
        return cst.FlattenSentinel([*before, line])
