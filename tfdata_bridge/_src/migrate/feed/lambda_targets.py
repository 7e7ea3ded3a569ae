"""A feeding thread whose target is a lambda calling the feeding function, spelled with ``args=`` / ``kwargs=``:

    t = threading.Thread(target=lambda: enqueue_data(sess, enqueue_op, close_op, x, y, rows))
 -> t = threading.Thread(target=enqueue_data, args=(sess, enqueue_op, close_op, x, y, rows))

after which the feed-thread rewrite follows what the thread hands the feeding function (``passed.py``: the
enqueue op, the close op and the placeholders as parameters). A lambda reads its names when the thread runs,
``args=`` when the thread is made: the same values only where none of them is bound again. So only a lambda of
no parameters whose body is one call of a name (``fn(...)``) or of a name's attribute (``self.feed(...)``,
``helpers.feed(...)``), with no ``*``/``**``, whose arguments are literals, names bound once in the enclosing
function (a parameter never assigned, or one assignment) or not at all there (module names no ``global`` statement
rebinds), or attributes of such names that at most one statement of the module assigns (``self.ph`` set once in
``__init__``); a thread given ``args=`` / ``kwargs=`` as well is left. Anything else stays a lambda, and the feed-thread
rewrite says why it leaves the queue. Called from ``feed_builders.inline_feed_builders`` (its result kept only
where more pipelines are rewritten); a module without ``lambda`` and ``Thread`` in its text is not walked.
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, names_in, nodes_of


def lambda_targets(module: cst.Module) -> cst.Module:
    """``module`` with each ``Thread(target=lambda: fn(...))`` that may be so spelled given ``args=`` /
    ``kwargs=``; ``module`` itself where there is none."""
    text = code_of(module)
    if "lambda" not in text or "Thread" not in text:
        return module
    set_attrs = Counter(t.target.attr.value for t in nodes_of(module, cst.AssignTarget)
                        if isinstance(t.target, cst.Attribute))
    set_attrs.update(t.target.attr.value for kind in (cst.AugAssign, cst.AnnAssign) for t in nodes_of(module, kind)
                     if isinstance(t.target, cst.Attribute))
    globals_ = {n.value for g in nodes_of(module, cst.Global) for n in (a.name for a in g.names)}
    out = module.visit(_Spell(set_attrs, globals_))
    return module if out.deep_equals(module) else out


def _bindings(fn: cst.FunctionDef) -> Counter:
    """How many times ``fn`` (nested functions included) binds each name: its parameters, assignments, loop and
    ``with`` targets, imports, nested definitions."""
    out: Counter = Counter(p.name.value for p in [*fn.params.params, *fn.params.kwonly_params,
                                                   *fn.params.posonly_params])
    for extra in (fn.params.star_arg, fn.params.star_kwarg):
        if isinstance(extra, cst.Param):
            out[extra.name.value] += 1

    def names(target) -> list[str]:
        if isinstance(target, cst.Name):
            return [target.value]
        if isinstance(target, (cst.Tuple, cst.List)):
            return [n for e in target.elements for n in names(e.value)]
        if isinstance(target, cst.StarredElement):
            return names(target.value)
        return []
    for t in nodes_of(fn, cst.AssignTarget):
        out.update(names(t.target))
    for kind in (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor):
        for t in nodes_of(fn, kind):
            out.update(names(t.target))
    for t in nodes_of(fn, cst.AsName):
        out.update(names_in(t.name))
    for t in nodes_of(fn, cst.NamedExpr):
        out.update(names(t.target))
    for t in [*nodes_of(fn, cst.FunctionDef), *nodes_of(fn, cst.ClassDef)]:
        if t is not fn:
            out[t.name.value] += 1
    for t in nodes_of(fn, cst.ImportAlias):
        out[(t.evaluated_alias or t.evaluated_name).split(".")[0]] += 1
    for g in [*nodes_of(fn, cst.Global), *nodes_of(fn, cst.Nonlocal)]:
        for a in g.names:
            out[a.name.value] += 2  # (a name another scope may rebind: never steady)
    return out


class _Spell(cst.CSTTransformer):
    def __init__(self, set_attrs: Counter, globals_: set[str]) -> None:
        self.set_attrs = set_attrs
        self.globals = globals_
        self.functions: list[Counter] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.functions.append(_bindings(node))

    def leave_FunctionDef(self, original, updated):
        self.functions.pop()
        return updated

    def _steady(self, node: cst.BaseExpression) -> bool:
        """``node`` reads the same value when the thread runs as when it is made."""
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Name):
            if node.value in ("None", "True", "False"):
                return True
            count = self.functions[-1][node.value] if self.functions else 0
            return count == 1 or count == 0 and node.value not in self.globals
        if isinstance(node, cst.Attribute):
            return self.set_attrs[node.attr.value] <= 1 and self._steady(node.value)
        return False

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = original.func
        if not (isinstance(func, cst.Name) and func.value == "Thread" or isinstance(func, cst.Attribute)
                and func.attr.value == "Thread"):
            return updated
        keywords = {a.keyword.value: a for a in original.args if a.keyword is not None}
        target = keywords.get("target")
        if target is None or "args" in keywords or "kwargs" in keywords or any(
                a.keyword is None or a.star for a in original.args):
            return updated
        lam = target.value
        if not (isinstance(lam, cst.Lambda) and not lam.params.params and not lam.params.kwonly_params
                and not lam.params.posonly_params and not isinstance(lam.params.star_arg, cst.Param)
                and lam.params.star_kwarg is None and isinstance(lam.body, cst.Call)):
            return updated
        call = lam.body
        callee = call.func
        if not (isinstance(callee, cst.Name) or isinstance(callee, cst.Attribute)
                and isinstance(callee.value, cst.Name)) or not self._steady(
                    callee if isinstance(callee, cst.Name) else callee.value):
            return updated
        if any(a.star for a in call.args) or not all(self._steady(a.value) for a in call.args):
            return updated
        positional = [a.value for a in call.args if a.keyword is None]
        named = [(a.keyword.value, a.value) for a in call.args if a.keyword is not None]
        code = cst.Module([]).code_for_node
        new_args = []
        for a in updated.args:
            if a.keyword is not None and a.keyword.value == "target":
                new_args.append(a.with_changes(value=callee))
                if positional:
                    new_args.append(cst.Arg(keyword=cst.Name("args"), value=cst.parse_expression(
                        "(" + ", ".join(code(v) for v in positional) + ",)"), equal=a.equal))
                if named:
                    new_args.append(cst.Arg(keyword=cst.Name("kwargs"), value=cst.parse_expression(
                        "{" + ", ".join(f"{k!r}: {code(v)}" for k, v in named) + "}"), equal=a.equal))
            else:
                new_args.append(a)
        # (the last argument keeps no trailing comma where the call had none after it)
        return updated.with_changes(args=[*[a.with_changes(comma=a.comma if a.comma != cst.MaybeSentinel.DEFAULT
                                                             else cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                                            for a in new_args[:-1]],
                                          new_args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)])
