"""A join's list filled by a loop over a literal list of configurations: written as the list of its calls.

    decoders = []                                          decoders = [decoder(plain_files, False, 1),
    for files, gz, seed in [(plain_files, False, 1),  ->               decoder(gzip_files, True, 2)]
                            (gzip_files, True, 2)]:
        decoders.append(decoder(files, gz, seed))

The same calls with the same values in the same order: each configuration's items are names or literals
(evaluated once either way, with no effect of their own), the loop's body is the one ``append`` of one call, and
the loop's names are read nowhere else in the function (Python leaves them bound after the loop). A helper that
chooses its reader by a flag of its call then sees a literal (``reader_flag.py``), and the join's lists are its
calls (``branch_joins.py``). ``to_tfdata.run`` keeps the result only where more pipelines are rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import names_in, nodes_of


def _simple(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and \
        isinstance(node.expression, (cst.Integer, cst.Float))


def _targets(target: cst.BaseExpression) -> list[str] | None:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)) and all(
            isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in target.elements):
        names = [e.value.value for e in target.elements]
        return names if len(set(names)) == len(names) else None
    return None


def _configs(display: cst.BaseExpression, arity: int | None) -> list[list[cst.BaseExpression]] | None:
    if not isinstance(display, (cst.List, cst.Tuple)) or not display.elements:
        return None
    out = []
    for e in display.elements:
        if not isinstance(e, cst.Element):
            return None
        if arity is None:
            items = [e.value]
        elif isinstance(e.value, (cst.Tuple, cst.List)) and len(e.value.elements) == arity and all(
                isinstance(x, cst.Element) for x in e.value.elements):
            items = [x.value for x in e.value.elements]
        else:
            return None
        if not all(_simple(x) for x in items):
            return None
        out.append(items)
    return out


def _appended(stmt: cst.For, name: str) -> cst.Call | None:
    body = stmt.body.body if isinstance(stmt.body, cst.IndentedBlock) else ()
    if stmt.orelse is not None or stmt.asynchronous or len(body) != 1 or \
            not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1:
        return None
    expr = body[0].body[0]
    call = expr.value if isinstance(expr, cst.Expr) else None
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "append"
            and isinstance(call.func.value, cst.Name) and call.func.value.value == name and len(call.args) == 1
            and call.args[0].keyword is None and not call.args[0].star and isinstance(call.args[0].value, cst.Call)):
        return None
    inner = call.args[0].value
    if nodes_of(inner, cst.Lambda) or nodes_of(inner, cst.ListComp) or nodes_of(inner, cst.GeneratorExp) or \
            nodes_of(inner, cst.DictComp) or nodes_of(inner, cst.SetComp) or nodes_of(inner, cst.NamedExpr):
        return None
    return inner


class _Put(cst.CSTTransformer):
    """The loop's names replaced by one configuration's items (attribute and keyword names are not names)."""

    def __init__(self, values: dict[str, cst.BaseExpression]) -> None:
        self.values = values

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self.values.get(original.value, updated)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)


def _empty_list(stmt: cst.BaseStatement) -> str | None:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)):
        return None
    a = stmt.body[0]
    if len(a.targets) != 1 or not isinstance(a.targets[0].target, cst.Name):
        return None
    if isinstance(a.value, cst.List) and not a.value.elements:
        return a.targets[0].target.value
    return None


def _unrolled(fn: cst.FunctionDef) -> cst.FunctionDef:
    if not isinstance(fn.body, cst.IndentedBlock):
        return fn
    body = list(fn.body.body)
    for i in range(len(body) - 1):
        name = _empty_list(body[i])
        loop = body[i + 1]
        if name is None or not isinstance(loop, cst.For):
            continue
        targets = _targets(loop.target)
        call = _appended(loop, name)
        if targets is None or call is None:
            continue
        configs = _configs(loop.iter, None if isinstance(loop.target, cst.Name) else len(targets))
        if configs is None or name in targets or any(name in names_in(x) for items in configs for x in items):
            continue
        rest = [s for k, s in enumerate(body) if k not in (i, i + 1)]
        if any(set(targets) & names_in(s) for s in rest) or \
                any(set(targets) & names_in(p) for p in fn.params.params):
            continue  # a loop name read after the loop (it stays bound there), or a parameter's
        calls = [call.visit(_Put(dict(zip(targets, items)))) for items in configs]
        made = body[i].with_changes(body=[body[i].body[0].with_changes(
            value=cst.List([cst.Element(c) for c in calls]))])
        if loop.leading_lines:
            made = made.with_changes(leading_lines=[*body[i].leading_lines, *loop.leading_lines])
        body = [*body[:i], made, *body[i + 2:]]
        return fn.with_changes(body=fn.body.with_changes(body=body))
    return fn


class _Functions(cst.CSTTransformer):
    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        return _unrolled(updated)


def unrolled_config_loops(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each list filled by a loop over literal configurations written as the list of its calls
    (the same module object when there is none)."""
    if not any(isinstance(s, cst.For) for s in nodes_of(module, cst.For)):
        return module
    out = module.visit(_Functions())
    return module if out.deep_equals(module) else out
