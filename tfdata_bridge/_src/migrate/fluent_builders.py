"""A fluent pipeline builder called as one chain, its methods' statements written out where the chain stands.

    class InputPipeline(object):                         def main(data_dir):
        def __init__(self, pattern):                         pattern = os.path.join(data_dir, "table-*.csv")
            self._files = sorted(tf.gfile.Glob(pattern))     _files = sorted(tf.gfile.Glob(pattern))
        def read_csv(self, defaults):                        defaults = [[0.0], [0.0], [0]]
            queue = tf.train.string_input_producer(          queue = tf.train.string_input_producer(_files, ...)
                self._files, num_epochs=1)                   _, line = tf.TextLineReader().read(queue)
            _, line = tf.TextLineReader().read(queue)        _tensors = tf.decode_csv(line, record_defaults=defaults)
            self._tensors = tf.decode_csv(                   _tensors = tf.train.batch(list(_tensors), batch_size=7)
                line, record_defaults=defaults)              a, b, label = _tensors
            return self
        def batch(self, **kwargs):
            self._tensors = tf.train.batch(list(self._tensors), **kwargs)
            return self
        def tensors(self):
            return self._tensors

    def main(data_dir):
        a, b, label = (InputPipeline(os.path.join(data_dir, "table-*.csv"))
                       .read_csv([[0.0], [0.0], [0]]).batch(batch_size=7).tensors())

(a weather input written as a builder whose methods return ``self``: held-out round 16). The recogniser follows a
pipeline through one function; a builder spreads it over methods and ``self``'s attributes, and ``batch(**kwargs)``
hides the batch's arguments. In one chain made by one statement, the object lives only in that chain: each call's
arguments are bound to its parameters (``name = argument``, in the order Python evaluates them), then its method's
statements run with ``self.attr`` as a local, and the last method's returned value is the chain's. ``**kwargs``
forwarded to a call becomes the keywords the chain gave. The same ops, made in the same order: the same program.

Only a module class with no base but ``object``, no decorator and no class attribute, whose ``__init__`` and
chained methods are straight statements (assignments and expression statements) ending in ``return self`` (the
last method's ``return`` of a value that is not ``self``), using ``self`` only as ``self.attr`` (no method of
its own called, ``self`` passed nowhere), named once in the tree (at the chain) and subclassed nowhere, called as
``targets = Class(...).m(...)...last(...)`` in a statement of a function; the class then goes. ``to_tfdata.run``
keeps the result only where more pipelines are rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, fresh_name, names_in, nodes_of
from tfdata_bridge._src.migrate.builder_inline import _Substitute
from tfdata_bridge._src.migrate.object_uses import tree_uses


class _No(Exception):
    pass


def inline_fluent_builders(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each fluent builder's one chain written out (the same module object where none is)."""
    code = code_of(module)
    if "return self" not in code or ")." not in code:
        return module
    classes = {s.name.value: s for s in module.body if isinstance(s, cst.ClassDef)}
    for fn in [s for s in module.body if isinstance(s, cst.FunctionDef)]:
        for stmt in fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ():
            chain = _chain(stmt, classes)
            if chain is None:
                continue
            cls, calls = chain
            try:
                new_stmts = _written_out(module, fn, stmt, cls, calls, external)
            except _No as exc:
                if why is not None:  # (said at the chain, and at the pipelines in the class)
                    text = f"the builder `{cls.name.value}` called as a chain is not written out: {exc}"
                    why += [(fn, text), (cls, text)]
                continue
            new_fn = fn.with_changes(body=fn.body.with_changes(body=[
                s2 for s in fn.body.body for s2 in (new_stmts if s is stmt else [s])]))
            return inline_fluent_builders(module.with_changes(body=[
                new_fn if s is fn else s for s in module.body if s is not cls]), external, why)
    return module


def _chain(stmt, classes):
    """(the class, [its constructor call, each method call]) of ``targets = Class(...).m(...)...``."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1):
        return None
    calls = []
    node = stmt.body[0].value
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        calls.append(node)
        node = node.func.value
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in classes) or \
            not calls:
        return None
    return classes[node.func.value], [node, *reversed(calls)]


def _written_out(module, fn, stmt, cls, calls, external) -> list[cst.BaseStatement]:
    name = cls.name.value
    if cls.decorators or any(not (isinstance(b.value, cst.Name) and b.value.value == "object") for b in cls.bases) \
            or cls.keywords:
        raise _No("it has a base class, a metaclass or a decorator")
    methods: dict[str, cst.FunctionDef] = {}
    for member in cls.body.body:
        if isinstance(member, cst.FunctionDef) and not member.decorators:
            methods[member.name.value] = member
        elif not (isinstance(member, cst.SimpleStatementLine) and isinstance(member.body[0], cst.Expr)
                  and isinstance(member.body[0].value, cst.SimpleString)):
            raise _No("it has class attributes or decorated methods")
    uses = [n for n in nodes_of(module, cst.Name) if n.value == name]
    if len(uses) != 2 or tree_uses(external, name):  # (its ``class`` statement and the chain)
        raise _No(f"`{name}` is named elsewhere")
    taken = names_in(module) | {m for m in methods}
    attrs: dict[str, str] = {}
    out: list[cst.BaseStatement] = []
    caller_bound = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]} | \
        {n for t in nodes_of(fn, cst.AssignTarget) for n in names_in(t.target)}
    steps = [("__init__", calls[0])] + [(c.func.attr.value, c) for c in calls[1:]]
    for i, (method, call) in enumerate(steps):
        fdef = methods.get(method)
        if fdef is None:
            if method == "__init__" and not call.args:
                continue
            raise _No(f"`{method}` is not a plain method of the class")
        last = i == len(steps) - 1
        # (a name the method reads from its module would read the caller's)
        own = {p.name.value for p in [*fdef.params.params, *fdef.params.kwonly_params]} | \
            {n for t in nodes_of(fdef, cst.AssignTarget) for n in names_in(t.target)}
        if fdef.params.star_kwarg is not None:
            own.add(fdef.params.star_kwarg.name.value)
        clash = sorted((names_in(fdef.body) - own) & caller_bound)
        if clash:
            raise _No(f"`{method}` reads `{clash[0]}`, a name the caller binds")
        out += _steps(fdef, call, last, attrs, taken, stmt.body[0].targets if last else None, method)
    out[0] = out[0].with_changes(leading_lines=stmt.leading_lines)
    return out


def _steps(fdef, call, last, attrs, taken, targets, method) -> list[cst.BaseStatement]:
    params = fdef.params
    if params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or params.kwonly_params or params.posonly_params \
            or not params.params or not isinstance(fdef.body, cst.IndentedBlock):
        raise _No(f"`{method}` takes `*args` or keyword-only parameters")
    me = params.params[0].name.value
    body = list(fdef.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) and \
            isinstance(body[0].body[0].value, cst.SimpleString):
        body = body[1:]
    if not body or not all(isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 for s in body):
        raise _No(f"`{method}` is not straight statements")
    for s in body[:-1]:
        if not isinstance(s.body[0], (cst.Assign, cst.Expr)):
            raise _No(f"`{method}` is not straight statements")
    end = body[-1].body[0]
    if method == "__init__":
        if not isinstance(end, (cst.Assign, cst.Expr)):
            raise _No("`__init__` is not straight statements")
    elif not isinstance(end, cst.Return) or end.value is None or \
            (isinstance(end.value, cst.Name) and end.value.value == me) == last:
        raise _No(f"`{method}` does not return `{me}`" if not last else f"`{method}` returns the object itself")
    # ``self`` only as ``self.attr``
    attr_values = {id(a.value) for a in nodes_of(fdef, cst.Attribute)}
    selfs = [n for n in nodes_of(fdef.body, cst.Name) if n.value == me]
    returned_self = [end.value] if method != "__init__" and not last else []
    if any(id(n) not in attr_values and not any(n is r for r in returned_self) for n in selfs):
        raise _No(f"`{method}` passes `{me}` on")
    called = {id(c.func) for c in nodes_of(fdef, cst.Call)}
    if any(id(a) in called for a in nodes_of(fdef.body, cst.Attribute) if _is(a.value, me)):
        raise _No(f"`{method}` calls a method of `{me}`")
    # the call's arguments bound to the parameters, in order
    args = list(call.args)
    if any(a.star for a in args):
        raise _No(f"`{method}` is called with `*` or `**`")
    plain = [p for p in params.params[1:]]
    stars = params.star_kwarg.name.value if params.star_kwarg is not None else None
    bound: dict[str, cst.BaseExpression] = {}
    extra: list[cst.Arg] = []
    positional = [a for a in args if a.keyword is None]
    if len(positional) > len(plain):
        raise _No(f"`{method}` is called with more arguments than it takes")
    for p, a in zip(plain, positional):
        bound[p.name.value] = a.value
    for a in args:
        if a.keyword is None:
            continue
        if a.keyword.value in {p.name.value for p in plain} and a.keyword.value not in bound:
            bound[a.keyword.value] = a.value
        elif stars is not None:
            extra.append(a)
        else:
            raise _No(f"`{method}` gets `{a.keyword.value}` twice or not at all")
    renames: dict[str, str] = {}
    first: list[cst.BaseStatement] = []
    assigned_here = {n for t in nodes_of(fdef, cst.AssignTarget) for n in names_in(t.target)} | \
        {n for a in nodes_of(fdef, cst.Attribute) if _is(a.value, me) for n in [a.attr.value]}
    for p in plain:
        value = bound.get(p.name.value, p.default)
        if value is None:
            raise _No(f"`{method}`'s parameter `{p.name.value}` is not given")
        if (isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)) or
                isinstance(value, cst.Name) and value.value not in assigned_here) and p.name.value not in assigned_here:
            renames[p.name.value] = value  # (a name or literal read as it is: ``map(to_weather)`` calls it)
            continue
        renames[p.name.value] = fresh_name(p.name.value, taken) if p.name.value in taken else _take(p.name.value,
                                                                                                    taken)
        first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(renames[p.name.value]))],
                                                         value)]))
    for s in body:
        for t in nodes_of(s, cst.AssignTarget):
            for n in names_in(t.target):
                if n not in renames and n != "_" and n != me:
                    renames[n] = fresh_name(n, taken) if n in taken else _take(n, taken)
    if stars is not None:
        uses = [n for n in nodes_of(fdef.body, cst.Name) if n.value == stars]
        star_args = [a for a in nodes_of(fdef.body, cst.Arg) if a.star == "**" and _is(a.value, stars)]
        if len(uses) != len(star_args):
            raise _No(f"`{method}` uses `**{stars}` other than passing it on")
    out = list(first)
    for s in body:
        if s is body[-1] and method != "__init__":
            if not last:
                break
            s = s.with_changes(body=[cst.Assign(list(targets), end.value)])
        s = s.visit(_Substitute(renames)).visit(_SelfAttrs(me, attrs, taken))
        if stars is not None:
            s = s.visit(_Expand(stars, extra))
        out.append(s.with_changes(leading_lines=()))
    return out


def _take(name: str, taken: set[str]) -> str:
    taken.add(name)
    return name


def _is(node, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


class _SelfAttrs(cst.CSTTransformer):
    """``self.attr`` as a local, one per attribute for the whole chain."""

    def __init__(self, me: str, attrs: dict[str, str], taken: set[str]) -> None:
        super().__init__()
        self.me, self.attrs, self.taken = me, attrs, taken

    def leave_Attribute(self, original, updated):
        if _is(original.value, self.me):
            a = original.attr.value
            if a not in self.attrs:
                self.attrs[a] = fresh_name(a, self.taken) if a in self.taken else _take(a, self.taken)
            return cst.Name(self.attrs[a])
        return updated


class _Expand(cst.CSTTransformer):
    """``f(..., **kwargs)`` with the keywords the chain gave."""

    def __init__(self, stars: str, extra: list[cst.Arg]) -> None:
        super().__init__()
        self.stars, self.extra = stars, extra

    def leave_Call(self, original, updated):
        if not any(a.star == "**" and _is(a.value, self.stars) for a in updated.args):
            return updated
        args: list[cst.Arg] = []
        for a in updated.args:
            args += [e.with_changes(comma=cst.MaybeSentinel.DEFAULT) for e in self.extra] \
                if a.star == "**" and _is(a.value, self.stars) else [a.with_changes(comma=cst.MaybeSentinel.DEFAULT)]
        return updated.with_changes(args=args)


__all__ = ["inline_fluent_builders"]
