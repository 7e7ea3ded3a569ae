"""A reader parameter defaulting to ``None``, the helper making its own reader when it is given none (street's
``vgsl_input``, many ``read_records(queue, reader=None)``):

    def _read(queue, shape, reader=None):             def image_input(pattern, n, reader=None):
        if reader:                                        queue = tf.train.string_input_producer(...)
            reader = reader()                             lists = [_read(queue, shape, reader) for _ in range(n)]
        else:                                             ...
            reader = tf.TFRecordReader()
        _, value = reader.read(queue)                 # (or ``reader = reader or tf.TFRecordReader()``,
        ...                                           #  ``if reader is None: reader = tf.TFRecordReader()``)

Where every call of such a top-level function in the migrated tree leaves the parameter at its default ``None`` or
passes a literal ``None``, the parameter is ``None`` on every run: the test on it (``if p:``, ``if not p:``,
``if p is None:``, ``if p is not None:``, an ``elif`` arm, ``p = p or X``, ``p = X if p is None else Y``) always
takes its ``None`` arm, which is written in its place, and a function only handing the parameter on (``_read(...,
reader)``, a call's argument, read before anything binds it) hands on ``None``, so the next function down is taken
so in turn. The parameter and the calls' ``None`` go: the helper then makes its reader itself, the form the rewrite
reads. Taken only where, once the tests are folded, each read of the parameter is a call's argument standing
before the function's first top-level ``p = ...`` (whose value does not read it), no nested function, lambda,
``global`` or ``nonlocal`` naming it there; every use of the function in the tree is a call with no ``*``/``**``
argument. Code outside the migrated tree handing a reader gets a ``TypeError`` (the parameter is gone), never a
silently different reader. ``tree.rewrite_tree`` keeps the result only where the modules it changed are then
rewritten whole.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import bound_names, identifiers, is_none, last_name, nodes_of, param_names, \
    params_without


def _is(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _when_none(test: cst.BaseExpression, name: str) -> bool | None:
    """The truth of ``test`` where ``name`` is ``None``; None where ``test`` is not one of ``name``, ``not
    name``, ``name is None``, ``name is not None``, ``name == None``, ``name != None`` (either side)."""
    negated = False
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        negated, test = not negated, test.expression
    if _is(test, name):
        value = False
    elif isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        left, right = test.left, test.comparisons[0].comparator
        op = test.comparisons[0].operator
        if not (_is(left, name) and _is(right, "None") or _is(left, "None") and _is(right, name)):
            return None
        if isinstance(op, (cst.Is, cst.Equal)):
            value = True
        elif isinstance(op, (cst.IsNot, cst.NotEqual)):
            value = False
        else:
            return None
    else:
        return None
    return value != negated


def _lines(suite: cst.BaseSuite | None) -> list[cst.BaseStatement]:
    if suite is None:
        return []
    if isinstance(suite, cst.IndentedBlock):
        return list(suite.body)
    return [cst.SimpleStatementLine(list(suite.body))]


def _folded_value(value: cst.BaseExpression, name: str) -> cst.BaseExpression | None:
    """``value`` with ``name`` None: ``name or X`` -> ``X``; ``X if <test on name> else Y`` -> the arm taken;
    None where ``value`` is neither."""
    if isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) and _is(value.left, name):
        return value.right
    if isinstance(value, cst.IfExp):
        taken = _when_none(value.test, name)
        if taken is not None:
            return value.body if taken else value.orelse
    return None


def _folded(body: list[cst.BaseStatement], name: str) -> list[cst.BaseStatement]:
    """``body`` with each top-level test on ``name`` replaced by the arm ``None`` takes."""
    out: list[cst.BaseStatement] = []
    for s in body:
        if isinstance(s, cst.If):
            taken = _when_none(s.test, name)
            if taken is not None:
                if taken:
                    out += _folded(_lines(s.body), name)
                elif isinstance(s.orelse, cst.If):  # (an ``elif``: its own test next)
                    out += _folded([s.orelse], name)
                elif isinstance(s.orelse, cst.Else):
                    out += _folded(_lines(s.orelse.body), name)
                continue
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and _is(small.targets[0].target, name):
            value = _folded_value(small.value, name)
            if value is not None:
                s = s.with_changes(body=[small.with_changes(value=value)])
        out.append(s)
    return out


def _binds_first(stmt: cst.BaseStatement, name: str) -> bool:
    """``stmt`` is ``name = value``, ``value`` not reading ``name``."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    return isinstance(small, cst.Assign) and len(small.targets) == 1 and _is(small.targets[0].target, name) and \
        not any(n.value == name for n in identifiers(small.value))


def _makes_reader(stmt: cst.BaseStatement) -> bool:
    """``stmt`` (``name = value``) makes a reader: ``value`` a call of a class named ``...Reader``."""
    value = stmt.body[0].value
    return isinstance(value, cst.Call) and last_name(value.func).endswith("Reader")


def none_default_body(fn: cst.FunctionDef, param: cst.Param, readers: set[str]) -> cst.IndentedBlock | None:
    """``fn``'s body where ``param`` (a parameter defaulting to ``None``) is ``None``: its tests folded, its
    reads before the first top-level binding (call arguments alone) written ``None``; None where that body
    cannot be written so, or would be ``fn``'s own, or the parameter is no reader: its first binding then makes
    none (a call of a ``...Reader`` class), or it is handed on to a function not named in ``readers`` (the
    functions taking a reader so)."""
    name = param.name.value
    if param.default is None or not is_none(param.default) or not isinstance(fn.body, cst.IndentedBlock) or \
            nodes_of(fn.body, cst.Global) or nodes_of(fn.body, cst.Nonlocal):
        return None
    body = _folded(list(fn.body.body), name)
    at = next((i for i, s in enumerate(body) if _binds_first(s, name)), len(body))
    before = body[:at]
    reads = [n for s in before for n in identifiers(s) if n.value == name]
    if at < len(body) and not _makes_reader(body[at]):
        return None
    if name in bound_names(*before) if before else False:
        return None
    for s in before:  # (a nested function or lambda naming it: not a plain argument of this run)
        for inner in [*nodes_of(s, cst.FunctionDef), *nodes_of(s, cst.Lambda), *nodes_of(s, cst.ClassDef)]:
            if any(n.value == name for n in identifiers(inner)):
                return None
    args = {id(a.value) for s in before for c in nodes_of(s, cst.Call) for a in c.args if not a.star
            and last_name(c.func) in readers}
    if any(id(n) not in args for n in reads):
        return None
    if at == len(body) and not reads:
        return None
    swaps = {id(n): cst.Name("None") for n in reads}

    class _Swap(cst.CSTTransformer):
        def on_leave(self, original, updated):
            return swaps.get(id(original), updated)

    new = fn.body.with_changes(body=[s.visit(_Swap()) if i < at else s for i, s in enumerate(body)])
    return None if new.deep_equals(fn.body) else new


def none_default_params(fn: cst.FunctionDef, readers: set[str]) -> list[cst.Param]:
    """The parameters of ``fn`` defaulting to ``None`` that ``none_default_body`` can write away."""
    return [p for p in [*fn.params.params, *fn.params.kwonly_params] if none_default_body(fn, p, readers) is not None]


def reader_takers(modules: list[cst.Module]) -> set[str]:
    """The names of the top-level functions of ``modules`` with a reader parameter defaulting to ``None``: made
    into a reader there, or handed on to another such function (followed until no more are found)."""
    fns = [f for m in modules for f in m.body if isinstance(f, cst.FunctionDef)]
    found: set[str] = set()
    while True:
        more = {f.name.value for f in fns if f.name.value not in found and none_default_params(f, found)}
        if not more:
            return found
        found |= more


def without_none_param(fn: cst.FunctionDef, param: cst.Param, readers: set[str]) -> cst.FunctionDef | None:
    """``fn`` without ``param``, its body written for ``None``; None where it cannot be."""
    body = none_default_body(fn, param, readers)
    if body is None or param.name.value not in param_names(fn):
        return None
    return fn.with_changes(params=params_without(fn, param), body=body)
