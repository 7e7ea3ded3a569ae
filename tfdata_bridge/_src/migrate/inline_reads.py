"""A reader's read taken apart inside an expression, named first: the form the recogniser follows.

    events, keep = decode(reader.read(queue)[1])        _, value = reader.read(queue)
    value = tf.TFRecordReader().read(queue).value   ->  events, keep = decode(value)

(held-out round 23: a helper returning ``(events, keep)`` from the reader's value, its caller unpacking it and
batching ``events``, was "no input producer" though the producer was there). The read's record is ``[1]`` or
``.value`` (its key ``[0]`` or ``.key``) of the ``(key, value)`` pair ``read`` returns; named first, it is the
same program: the read runs once, before what took it apart, and only calls made before it in the statement
would move after it, so a statement where one is (``f(g(), reader.read(q)[1])``) is left as written.
An object of the module's own class made inline for its ``read`` method (``Events().read(queue)``) is named
first the same way (``events_reader = Events()``, round 23's class variant), the form ``method_source.py`` follows: the constructor ran
first in the expression too. ``to_tfdata.run`` keeps the named module only where it lets more pipelines be
rewritten.
"""

from __future__ import annotations

import ast

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, namer, names_in, nodes_of, plain_read
from tfdata_bridge._src.migrate.walk import Visitor

_PARTS = {"0": 0, "1": 1, "key": 0, "value": 1}


def parses(module: cst.Module) -> bool:
    """Whether the code of a named form parses (a form that would not is not tried: the module stays)."""
    try:
        ast.parse(code_of(module))
    except SyntaxError:
        return False
    return True


def _kept_whole(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``expr`` in parentheses where its code spans lines (the parentheses it stood in may be its parent's)."""
    if "\n" in cst.Module([]).code_for_node(expr) and not getattr(expr, "lpar", None):
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


def name_inline_reads(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each ``reader.read(queue)[i]`` / ``.key`` / ``.value`` in a function's statement named
    first (the same module object when there is none)."""
    top = {n for s in module.body for n in names_in(s)}
    namer_ = _Namer(top)
    out = module.visit(namer_)
    return out if namer_.changed and parses(out) else module


def _read_part(node: cst.CSTNode) -> tuple[cst.Call, int] | None:
    """(the ``read`` call, 0 for the key or 1 for the record) of ``X.read(Q)[i]`` or ``X.read(Q).key/.value``."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and \
            isinstance(node.slice[0].slice.value, cst.Integer):
        call, part = node.value, node.slice[0].slice.value.value
    elif isinstance(node, cst.Attribute):
        call, part = node.value, node.attr.value
    else:
        return None
    if part not in _PARTS or not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and
                                  call.func.attr.value == "read" and len(plain_read(call).args) == 1 and
                                  not plain_read(call).args[0].star):
        return None
    return call, _PARTS[part]


def _first_call(stmt: cst.CSTNode, part: cst.CSTNode) -> bool:
    """Whether no call of ``stmt`` is evaluated before ``part`` (Python's order: a call's function, then its
    arguments left to right; an assignment's value before its targets)."""
    seen: list[bool] = [False]  # whether a call was met before ``part``
    found: list[bool] = [False]

    class _V(Visitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if found[0]:
                return False
            if node is part:
                found[0] = True
                return False
            return True

        def on_leave(self, node: cst.CSTNode) -> None:
            if not found[0] and isinstance(node, cst.Call):
                seen[0] = True  # (a call left before ``part`` was reached: it ran first)

    value = getattr(stmt, "value", None)
    if value is None:
        return False
    value.visit(_V())
    return found[0] and not seen[0]


class _Namer(cst.CSTTransformer):
    def __init__(self, top: set[str]) -> None:
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

    def leave_SimpleStatementLine(self, original, updated):
        if self.depth == 0 or len(original.body) != 1:
            return updated
        small = original.body[0]
        if not isinstance(small, (cst.Assign, cst.Return, cst.Expr)) or getattr(small, "value", None) is None:
            return updated
        guarded = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp,
                   cst.BooleanOperation)
        if any(True for kind in guarded for _ in nodes_of(small.value, kind)):
            return updated  # (evaluated maybe, or many times: not named)
        parts = [(n, got) for n in nodes_of(small.value, cst.CSTNode) if (got := _read_part(n)) is not None]
        if len(parts) != 1:
            return updated
        node, (call, index) = parts[0]
        if not _first_call(small, node):
            return updated
        fresh = namer(self.taken[-1])("value" if index else "key")
        pair = [cst.Name("_"), cst.Name("_")]
        pair[index] = cst.Name(fresh)
        read = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Tuple([cst.Element(p) for p in pair],
                                                                                 lpar=[], rpar=[]))],
                                                   _kept_whole(call))],
                                       leading_lines=updated.leading_lines)
        new_value = small.value.deep_replace(node, cst.Name(fresh)) if small.value is not node else cst.Name(fresh)
        line = updated.with_changes(body=[small.with_changes(value=new_value)], leading_lines=())
        self.changed = True
        return cst.FlattenSentinel([read, line])


def name_read_objects(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each ``Cls(...).read(queue)`` of a class it defines with a ``read`` method named first (the
    same module object when there is none)."""
    classes = {s.name.value for s in module.body if isinstance(s, cst.ClassDef) and any(
        isinstance(m, cst.FunctionDef) and m.name.value == "read" for m in s.body.body)}
    if not classes:
        return module
    top = {n for s in module.body for n in names_in(s)}
    namer_ = _ObjectNamer(top, classes)
    out = module.visit(namer_)
    return out if namer_.changed and parses(out) else module


class _ObjectNamer(_Namer):
    def __init__(self, top: set[str], classes: set[str]) -> None:
        super().__init__(top)
        self.classes = classes

    def leave_SimpleStatementLine(self, original, updated):
        if self.depth == 0 or len(original.body) != 1 or not isinstance(original.body[0], cst.Assign):
            return updated
        small = original.body[0]
        call = small.value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "read"
                and isinstance(call.func.value, cst.Call) and isinstance(call.func.value.func, cst.Name)
                and call.func.value.func.value in self.classes):
            return updated
        made = call.func.value
        base = made.func.value.lower()
        fresh = namer(self.taken[-1])(base if base.endswith("reader") else f"{base}_reader")
        named = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], _kept_whole(made))],
                                        leading_lines=updated.leading_lines)
        value = call.with_changes(func=call.func.with_changes(value=cst.Name(fresh)))
        line = updated.with_changes(body=[small.with_changes(value=value)], leading_lines=())
        self.changed = True
        return cst.FlattenSentinel([named, line])


def name_reads(module: cst.Module, external=None) -> cst.Module:
    """Both: the reads taken apart named, then the objects made for their ``read`` (a reader method may itself take
    its read apart inline)."""
    return name_read_objects(name_inline_reads(module, external), external)


__all__ = ["name_inline_reads", "name_read_objects", "name_reads"]
