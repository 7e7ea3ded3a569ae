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


_GROWS = {"append", "extend", "insert", "pop", "remove", "clear", "__setitem__", "__delitem__", "__iadd__"}


def known_length(finder, at: cst.CSTNode, expr: cst.BaseExpression | None, depth: int = 4) -> int | None:
    """How many elements ``expr`` (read at ``at``) holds, where that is known before the program runs, by
    dataflow: a list or tuple display (``*x`` of a known one inside), ``a + b`` of known ones, a comprehension
    of one ``for`` and no ``if`` over a known one or ``range(<literals>)``, ``list(...)`` / ``tuple(...)`` of
    one, or a name bound once (in its function, at the module's top level, or a constant of another module of
    the tree) to one and changed in place nowhere (``x.append(...)``, ``x += ...``, ``x[i:j] = ...``). None
    otherwise: the caller refuses."""
    if isinstance(expr, (cst.List, cst.Tuple)):
        n = 0
        for el in expr.elements:
            if isinstance(el, cst.StarredElement):
                k = known_length(finder, at, el.value, depth - 1) if depth else None
                if k is None:
                    return None
                n += k
            else:
                n += 1
        return n
    if depth <= 0 or expr is None:
        return None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        a = known_length(finder, at, expr.left, depth - 1)
        b = known_length(finder, at, expr.right, depth - 1) if a is not None else None
        return None if b is None else a + b
    if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
        comp = expr.for_in
        if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None:
            return None
        return _iterated_length(finder, at, comp.iter, depth - 1)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("list", "tuple") \
            and len(expr.args) == 1 and not expr.args[0].keyword and not expr.args[0].star \
            and _builtin(finder, at, expr.func.value):
        return known_length(finder, at, expr.args[0].value, depth - 1)
    if isinstance(expr, cst.Name):
        scope = finder.scopes.scope(at)
        if scope is None or len(list(scope[expr.value])) != 1:
            return None
        stmt = finder.scopes.single_assignment(at, expr.value) or _module_constant(finder, at, expr.value)
        small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 \
                and isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == expr.value:
            # (a tuple display is never changed in place; a list must be read only where it cannot be)
            if not isinstance(small.value, cst.Tuple) and (
                    _changed(finder, expr.value) or _escapes(finder, list(scope[expr.value])[0])):
                return None
            return known_length(finder, stmt, small.value, depth - 1)
        if stmt is not None:
            return None
        from tfdata_bridge._src.migrate.compression import foreign_value  # (compression imports this family)

        got = foreign_value(finder, at, expr)  # ``from lib.labels import TASKS``, bound once there
        home_scope = got[2].scopes.scope(got[0]) if got is not None else None
        if got is None or home_scope is None or len(list(home_scope[expr.value])) != 1:
            return None
        if not isinstance(got[1], cst.Tuple) and (
                _changed(got[2], expr.value) or _escapes(got[2], list(home_scope[expr.value])[0])
                or _changed(finder, expr.value) or _escapes(finder, list(scope[expr.value])[0])):
            return None
        return known_length(got[2], got[0], got[1], depth - 1)
    return None


def whole_list(finder, at: cst.CSTNode, name: cst.Name, grown: bool = False) -> bool:
    """Whether ``name`` (read at ``at``) is bound once, in its function, to a list made there (a list or tuple
    display, a comprehension, ``list(...)`` / ``tuple(...)``, a sum of those) and changed in place nowhere nor
    handed on: read anywhere after that binding, it is the same list of the same tensors, whatever its length.

    With ``grown``, ``at`` the one statement that reads it (the producer): it may also be grown by ``name.append(x)``
    / ``name.extend(xs)`` statements of the same function written before ``at`` (``if train:
    tensors.append(transforms)``), and by nothing else: the producer reads the list as those left it, whatever
    branches ran, and nothing reads it after (``_grown_before``)."""
    scope = finder.scopes.scope(at)
    if scope is None or len(list(scope[name.value])) != 1:
        return False
    stmt = finder.scopes.single_assignment(at, name.value)
    small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)
            and small.targets[0].target.value == name.value and _made(finder, stmt, small.value)):
        return False
    if not _changed(finder, name.value):
        return not _escapes(finder, list(scope[name.value])[0])
    if not grown or not isinstance(getattr(scope, "node", None), cst.FunctionDef):
        return False
    receivers = _grown_before(finder, scope.node, at, name.value)
    return receivers is not None and not _escapes(finder, list(scope[name.value])[0], receivers)


def unpacked_list(finder, at: cst.CSTNode, name: cst.Name) -> bool:
    """Whether ``name`` (read at ``at``) is bound once in its function by an assignment of any value (``res, _ =
    parse_from_text(...)``: a list whose length is known only when the program runs), and neither changed in place
    nor handed on anywhere in the module (read only as ``whole_list``'s reads are): what a slice producer read as
    ``tuple(name)`` takes is what legacy's producer took, its values one by one in the same order, whatever they are
    (legacy iterated the value as ``tuple`` does)."""
    scope = finder.scopes.scope(at)
    if scope is None or not isinstance(getattr(scope, "node", None), cst.FunctionDef):
        return False
    assignments = list(scope[name.value])
    if len(assignments) != 1 or finder.scopes.single_assignment(at, name.value) is None:
        return False
    return not _changed(finder, name.value) and not _escapes(finder, assignments[0])


def _grown_before(finder, fn: cst.FunctionDef, at: cst.CSTNode, name: str) -> set[int] | None:
    """The ``name`` nodes of the module's ``name.append(...)`` / ``name.extend(...)`` where each is a statement of
    its own in ``fn`` written before ``at`` and the module changes a list spelled ``name`` in no other way (no
    ``+=``, item assignment or other method); None otherwise."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return None
    grows = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Attribute)
             and isinstance(c.func.value, cst.Name) and c.func.value.value == name and c.func.attr.value in _GROWS]
    if any(c.func.attr.value not in ("append", "extend") for c in grows):
        return None
    for node in nodes_of(module, cst.AugAssign):
        if isinstance(node.target, cst.Name) and node.target.value == name:
            return None
    for node in [*nodes_of(module, cst.AssignTarget), *nodes_of(module, cst.Del)]:
        target = node.target
        parts = target.elements if isinstance(target, (cst.Tuple, cst.List)) else [target]
        if any(isinstance(getattr(e, "value", e), cst.Subscript) and isinstance(getattr(e, "value", e).value, cst.Name)
               and getattr(e, "value", e).value.value == name for e in parts):
            return None
    nested = {id(s) for d in nodes_of(fn.body, cst.FunctionDef) for s in nodes_of(d, cst.SimpleStatementLine)}
    order = {id(s): i for i, s in enumerate(nodes_of(fn, cst.SimpleStatementLine)) if id(s) not in nested}
    if id(at) not in order:
        return None
    seen: set[int] = set()
    for s in nodes_of(fn, cst.SimpleStatementLine):
        if id(s) not in order or len(s.body) != 1 or not isinstance(s.body[0], cst.Expr):
            continue
        call = s.body[0].value
        if any(call is c for c in grows) and order[id(s)] < order[id(at)] and len(call.args) == 1 \
                and not call.args[0].star and call.args[0].keyword is None:
            seen.add(id(call))
    if len(seen) != len(grows):
        return None
    return {id(c.func.value) for c in grows}


def _made(finder, at: cst.CSTNode, expr: cst.BaseExpression) -> bool:
    """``expr`` makes a new list or tuple: a display, a comprehension, a builtin ``list(...)`` / ``tuple(...)``,
    a sum of those."""
    if isinstance(expr, (cst.List, cst.Tuple, cst.ListComp)):
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return _made(finder, at, expr.left) and _made(finder, at, expr.right)
    return isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value in ("list", "tuple") \
        and len(expr.args) == 1 and not expr.args[0].keyword and not expr.args[0].star \
        and _builtin(finder, at, expr.func.value)


def _iterated_length(finder, at: cst.CSTNode, it: cst.BaseExpression, depth: int) -> int | None:
    if isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range" \
            and _builtin(finder, at, "range") and 1 <= len(it.args) <= 3 \
            and all(a.keyword is None and not a.star for a in it.args):
        bounds = [_int(a.value) for a in it.args]
        return None if None in bounds else len(range(*bounds))
    return known_length(finder, at, it, depth)


def _int(expr: cst.BaseExpression) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.evaluated_value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) and \
            isinstance(expr.expression, cst.Integer):
        return -int(expr.expression.evaluated_value)
    return None


def _changed(finder, name: str) -> bool:
    """Something in ``finder``'s module may change a list spelled ``name`` in place (by spelling: any such
    change of any ``name`` counts)."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return True
    for call in nodes_of(module, cst.Call):
        f = call.func
        if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name) and f.value.value == name and \
                f.attr.value in _GROWS:
            return True
    for node in nodes_of(module, cst.AugAssign):
        if isinstance(node.target, cst.Name) and node.target.value == name:
            return True
    for node in [*nodes_of(module, cst.AssignTarget), *nodes_of(module, cst.Del)]:
        target = node.target
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name) and target.value.value == name:
            return True
        if isinstance(target, (cst.Tuple, cst.List)) and any(
                isinstance(e.value, cst.Subscript) and isinstance(e.value.value, cst.Name)
                and e.value.value.value == name for e in target.elements):
            return True
    return False


def _escapes(finder, assignment, grown: set[int] = frozenset()) -> bool:
    """A read of what ``assignment`` binds that could hand the list on to be changed (``alias = x``, ``f(x)``,
    ``self.x = x``): every read must be an operand of ``+``, the iterable of a ``for`` or a comprehension, a
    subscript read, the one argument of ``list`` / ``tuple`` / ``len``, or the argument of a
    ``slice_input_producer``."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return True
    safe: set[int] = set(grown)  # (the receivers of ``_grown_before``'s appends)
    for op in nodes_of(module, cst.BinaryOperation):
        if isinstance(op.operator, cst.Add):
            safe |= {id(op.left), id(op.right)}
    for loop in [*nodes_of(module, cst.For), *nodes_of(module, cst.CompFor)]:
        safe.add(id(loop.iter))
    for sub in nodes_of(module, cst.Subscript):
        safe.add(id(sub.value))
    for call in nodes_of(module, cst.Call):
        f = call.func
        spelled = f.value if isinstance(f, cst.Name) else f.attr.value if isinstance(f, cst.Attribute) else ""
        if spelled in ("list", "tuple", "len") and len(call.args) == 1 or spelled == "slice_input_producer":
            safe |= {id(a.value) for a in call.args[:1]}
    return any(id(access.node) not in safe for access in getattr(assignment, "references", ()))
