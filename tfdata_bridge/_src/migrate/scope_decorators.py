"""Pipeline stages made lazy properties by a user decorator (``define_scope`` / ``lazy_property``), built where
``__init__`` first reads them.

    def define_scope(function):                                class ReviewData(object):
        attribute = "_cache_" + function.__name__                  def __init__(self, path):
                                                                       self.path = path
        @property                                                      with tf.variable_scope("filename_queue"):
        @functools.wraps(function)                                         filename_queue = tf.train.string_...
        def decorator(self):                                           with tf.variable_scope("batch"):
            if not hasattr(self, attribute):                               _, line = tf.TextLineReader().read(
                with tf.variable_scope(function.__name__):                     filename_queue)
                    setattr(self, attribute, function(self))               batch = tf.train.batch([line], 4)
            return getattr(self, attribute)                            self._cache_batch = batch
        return decorator
                                                                   @property
    class ReviewData(object):                                      def batch(self):
        def __init__(self, path):                                      return self._cache_batch
            self.path = path
            self.filename_queue
            self.batch

        @define_scope
        def filename_queue(self):
            return tf.train.string_input_producer([self.path], num_epochs=1)

        @define_scope
        def batch(self):
            _, line = tf.TextLineReader().read(self.filename_queue)
            return tf.train.batch([line], 4)

(the "structuring your TensorFlow models" decorators, held-out round 16). The decorator is read as what it does:
a module function whose inner getter (``@property``, or returned as ``property(getter)``; ``functools.wraps`` or
not) runs ``function(self)`` once, under ``with`` graph scopes or none, stores it with ``setattr(self, name, ...)``
when ``not hasattr(self, name)``, and returns ``getattr(self, name)``; the attribute name and the scopes' arguments
are strings made of literals, the method's ``__name__`` and the decorator's own arguments (``@define_scope`` or
``@define_scope("name")``: a decorator with arguments returns that one-argument decorator).

A decorated stage ``__init__`` reads as a statement of its own (``self.batch``) runs there, once per object:
its statements (straight assignments ending in one ``return``: ``inline_sources._straight``) stand in ``__init__``
under the same scopes, its locals renamed apart, its value in a local; a stage it reads first runs just before the
statement that reads it, in its scope, where no call of that statement comes first. Later reads of a stage get the
local. A stage read anywhere else keeps a plain property returning the attribute its decorator set (set in
``__init__`` as the decorator set it); one read nowhere else goes. The same ops, made in the same order, under
the same scopes: the same program. Refused (the class kept as it is, with the reason) where ``__init__`` may read
a stage some other way first (a method call, ``self`` passed on), a subclass overrides a stage, or a stage is not
straight. ``to_tfdata.run`` keeps the result only where more pipelines are rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, dotted, fresh_name, import_rooted, imported_roots, names_in, \
    nodes_of
from tfdata_bridge._src.migrate.inline_sources import _Rename
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.reader_attr import _family
from tfdata_bridge._src.migrate.calls import code_of
from tfdata_bridge._src.migrate.walk import Visitor


_SCOPES = {"variable_scope", "name_scope"}


class _No(Exception):
    """Why a class's decorated stages are not built in its ``__init__``."""


class _Deco:
    def __init__(self, params: list[cst.Param] | None, fn_param: str, env: dict, attr: cst.BaseExpression,
                 scopes: list[cst.WithItem]):
        self.params, self.fn_param, self.env, self.attr, self.scopes = params, fn_param, env, attr, scopes


def inline_scope_decorators(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each class's decorated stages built in its ``__init__`` (the same module object where
    there is none). ``why``: (class, reason) of each class left."""
    code = code_of(module)
    if ("setattr(" not in code or "hasattr(" not in code) and (external is None or "@" not in code):
        return module  # (a decorator of another module: only in a tree)
    decos = {s.name.value: d for s in module.body if isinstance(s, cst.FunctionDef)
             for d in [_decorator(s)] if d is not None}
    roots = imported_roots(module)

    def resolve(node: cst.BaseExpression) -> _Deco | None:
        """The decorator ``node`` names: one of this module, or (in a tree) a function of another module whose
        graph scopes this module spells alike (an imported root: ``tf.variable_scope``)."""
        if isinstance(node, cst.Name) and node.value in decos:
            return decos[node.value]
        if external is None or not import_rooted(node, roots):
            return None
        try:
            found = external(node)
        except Refusal:
            return None
        deco = _decorator(found[0]) if found is not None else None
        if deco is None or not all(isinstance(i.item, cst.Call) and import_rooted(i.item.func, roots) and
                                   dotted(i.item.func).rsplit(".", 1)[-1] in _SCOPES for i in deco.scopes):
            return None
        return deco

    if not decos and not any(isinstance(d.decorator, (cst.Attribute, cst.Name, cst.Call))
                             for d in nodes_of(module, cst.Decorator)):
        return module
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    replaced: dict[cst.ClassDef, cst.ClassDef] = {}
    for cls in classes:
        stages = _stages(cls, resolve)
        if not stages:
            continue
        try:
            replaced[cls] = _built_in_init(module, cls, stages, classes, external)
        except _No as exc:
            if why is not None:
                why.append((cls, f"the stages of `{cls.name.value}` made by a decorator are not built where "
                                 f"`__init__` reads them: {exc}"))
    if not replaced:
        return module
    return module.with_changes(body=[replaced.get(s, s) for s in module.body])


# -- the decorator ---------------------------------------------------------------------------------------------

def _decorator(fn: cst.FunctionDef) -> _Deco | None:
    params = fn.params
    if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None or params.star_kwarg \
            or params.kwonly_params or params.posonly_params or not isinstance(fn.body, cst.IndentedBlock):
        return None
    if len(params.params) == 1:
        found = _direct(fn, params.params[0].name.value, {})
        if found is not None:
            return found
    env: dict[str, cst.BaseExpression] = {}
    body = _body(fn)
    if body is None or len(body) < 2 or not isinstance(body[-2], cst.FunctionDef) or \
            _returned(body[-1]) != body[-2].name.value or len(body[-2].params.params) != 1:
        return None
    if not _assigns(body[:-2], env):
        return None
    inner = body[-2]
    found = _direct(inner, inner.params.params[0].name.value, env)
    if found is None:
        return None
    found.params = list(params.params)
    return found


def _body(fn: cst.FunctionDef) -> list | None:
    body = list(fn.body.body)
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(body[0].body[0], cst.Expr) and \
            isinstance(body[0].body[0].value, cst.SimpleString):
        body = body[1:]
    return body


def _returned(stmt) -> str | None:
    if isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Return) and \
            isinstance(stmt.body[0].value, cst.Name):
        return stmt.body[0].value.value
    return None


def _assigns(stmts: list, env: dict) -> bool:
    for s in stmts:
        if not (isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Assign)
                and len(s.body[0].targets) == 1 and isinstance(s.body[0].targets[0].target, cst.Name)) or \
                nodes_of(s, cst.Call):
            return False
        env[s.body[0].targets[0].target.value] = s.body[0].value
    return True


def _direct(fn: cst.FunctionDef, fn_param: str, outer: dict) -> _Deco | None:
    """``fn(function)`` that makes the caching property of ``function``, or None."""
    env = dict(outer)
    body = _body(fn)
    if body is None or len(body) < 2 or not isinstance(body[-2], cst.FunctionDef):
        return None
    getter, last = body[-2], body[-1]
    if not _assigns(body[:-2], env) or fn_param in env:
        return None
    ret = last.body[0].value if isinstance(last, cst.SimpleStatementLine) and \
        isinstance(last.body[0], cst.Return) else None
    prop = False
    for d in getter.decorators:
        if isinstance(d.decorator, cst.Name) and d.decorator.value == "property":
            prop = True
        elif not (isinstance(d.decorator, cst.Call) and dotted(d.decorator.func).rsplit(".", 1)[-1] == "wraps"
                  and len(d.decorator.args) == 1 and _is_name(d.decorator.args[0].value, fn_param)):
            return None
    wrapped_getter = isinstance(ret, cst.Call) and dotted(ret.func) == "property" and len(ret.args) == 1 and \
        _is_name(ret.args[0].value, getter.name.value)
    if not (prop and _is_name(ret, getter.name.value) or not prop and wrapped_getter):
        return None
    if len(getter.params.params) != 1 or not isinstance(getter.body, cst.IndentedBlock):
        return None
    me = getter.params.params[0].name.value
    inner = list(getter.body.body)
    if len(inner) != 2 or not isinstance(inner[0], cst.If) or inner[0].orelse is not None:
        return None
    test = inner[0].test
    if not (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
            and isinstance(test.expression, cst.Call) and dotted(test.expression.func) == "hasattr"
            and len(test.expression.args) == 2 and _is_name(test.expression.args[0].value, me)):
        return None
    attr = test.expression.args[1].value
    then = list(inner[0].body.body)
    scopes: list[cst.WithItem] = []
    while len(then) == 1 and isinstance(then[0], cst.With) and not then[0].asynchronous and \
            all(i.asname is None for i in then[0].items):
        scopes += list(then[0].items)
        then = list(then[0].body.body)
    store = _call_of(then, "setattr", 3)
    if store is None or not _is_name(store.args[0].value, me) or not store.args[1].value.deep_equals(attr):
        return None
    made = store.args[2].value
    if not (isinstance(made, cst.Call) and _is_name(made.func, fn_param) and len(made.args) == 1
            and _is_name(made.args[0].value, me) and not made.args[0].star):
        return None
    back = _call_of([inner[1]], "getattr", 2, returned=True)
    if back is None or not _is_name(back.args[0].value, me) or not back.args[1].value.deep_equals(attr):
        return None
    return _Deco(None, fn_param, env, attr, scopes)


def _call_of(stmts: list, name: str, n: int, returned: bool = False) -> cst.Call | None:
    if len(stmts) != 1 or not isinstance(stmts[0], cst.SimpleStatementLine) or len(stmts[0].body) != 1:
        return None
    small = stmts[0].body[0]
    value = small.value if isinstance(small, cst.Return) == returned and isinstance(small, (cst.Expr, cst.Return)) \
        else None
    if isinstance(value, cst.Call) and dotted(value.func) == name and len(value.args) == n and \
            not any(a.star or a.keyword for a in value.args):
        return value
    return None


def _is_name(node, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


# -- the values the decorator computes for one method --------------------------------------------------------

def _strings(deco: _Deco, method: str, call: cst.Call | None) -> dict[str, object]:
    """The decorator's names for one decorated ``method``: the function parameter, its own parameters (bound
    from ``@deco(...)``'s arguments) and its locals, each a string (or None) where it can be told."""
    values: dict[str, object] = {}
    if deco.params is not None:
        args = list(call.args) if call is not None else []
        if any(a.star for a in args) or len([a for a in args if a.keyword is None]) > len(deco.params):
            raise _No("the decorator's arguments are not plain")
        for p, a in zip(deco.params, [a for a in args if a.keyword is None]):
            values[p.name.value] = _value(a.value, values, deco, method)
        for a in args:
            if a.keyword is not None:
                values[a.keyword.value] = _value(a.value, values, deco, method)
        for p in deco.params:
            if p.name.value not in values:
                if p.default is None:
                    raise _No(f"the decorator's parameter `{p.name.value}` is not given")
                values[p.name.value] = _value(p.default, values, deco, method)
    for name, expr in deco.env.items():
        values[name] = _value(expr, values, deco, method)
    return values


_UNKNOWN = object()


def _value(expr, values: dict, deco: _Deco, method: str) -> object:
    if isinstance(expr, cst.SimpleString):
        return expr.evaluated_value
    if _is_name(expr, "None"):
        return None
    if isinstance(expr, cst.Name) and expr.value in values:
        return values[expr.value]
    if isinstance(expr, cst.Attribute) and _is_name(expr.value, deco.fn_param) and expr.attr.value == "__name__":
        return method
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        left, right = _value(expr.left, values, deco, method), _value(expr.right, values, deco, method)
        if isinstance(left, str) and isinstance(right, str):
            return left + right
    if isinstance(expr, cst.BooleanOperation) and isinstance(expr.operator, cst.Or):
        left = _value(expr.left, values, deco, method)
        return left if left is not _UNKNOWN and left else _value(expr.right, values, deco, method)
    return _UNKNOWN


class _Bind(cst.CSTTransformer):
    """A scope's arguments with the decorator's names written as the strings they hold."""

    def __init__(self, values: dict, deco: _Deco, method: str) -> None:
        super().__init__()
        self.values, self.deco, self.method, self.unknown = values, deco, method, False

    def visit_Attribute(self, node) -> bool:
        return not (_is_name(node.value, self.deco.fn_param) and node.attr.value == "__name__")

    def leave_Attribute(self, original, updated):
        if _is_name(original.value, self.deco.fn_param) and original.attr.value == "__name__":
            return cst.SimpleString(repr(self.method))
        return updated

    def leave_Name(self, original, updated):
        if original.value == self.deco.fn_param:
            self.unknown = True
        if original.value in self.values:
            v = self.values[original.value]
            if v is _UNKNOWN or not isinstance(v, (str, type(None))):
                self.unknown = True
                return updated
            return cst.SimpleString(repr(v)) if isinstance(v, str) else cst.Name("None")
        return updated

    def leave_Arg(self, original, updated):
        return updated.with_changes(keyword=original.keyword)


# -- the class -------------------------------------------------------------------------------------------------

class _Stage:
    def __init__(self, fn: cst.FunctionDef, attr: str, scopes: list[cst.WithItem]):
        self.fn, self.attr, self.scopes = fn, attr, scopes


def _stages(cls: cst.ClassDef, resolve) -> dict[str, _Stage]:
    out: dict[str, _Stage] = {}
    for fn in cls.body.body:
        if not isinstance(fn, cst.FunctionDef) or len(fn.decorators) != 1:
            continue
        d = fn.decorators[0].decorator
        named = d.func if isinstance(d, cst.Call) else d
        deco = resolve(named) if isinstance(named, (cst.Name, cst.Attribute)) else None
        if deco is None or (deco.params is None) != (named is d):
            continue
        try:
            values = _strings(deco, fn.name.value, d if isinstance(d, cst.Call) else None)
        except _No:
            continue
        attr = _value(deco.attr, values, deco, fn.name.value)
        if not isinstance(attr, str) or not attr.isidentifier():
            continue
        scopes = []
        for item in deco.scopes:
            bind = _Bind(values, deco, fn.name.value)
            scopes.append(item.visit(bind))
            if bind.unknown:
                break
        else:
            out[fn.name.value] = _Stage(fn, attr, scopes)
    return out


def _built_in_init(module, cls, stages: dict[str, _Stage], classes, external) -> cst.ClassDef:
    for other in _family(cls, classes)[1:]:
        for fn in other.body.body:
            if isinstance(fn, cst.FunctionDef) and fn.name.value in stages:
                raise _No(f"`{other.name.value}` overrides `{fn.name.value}`")
    init = next((f for f in cls.body.body if isinstance(f, cst.FunctionDef) and f.name.value == "__init__"), None)
    if init is None or init.decorators or not init.params.params or not isinstance(init.body, cst.IndentedBlock):
        raise _No("the class has no plain `__init__` reading them")
    me = init.params.params[0].name.value
    assigned = {n for s in stages.values() for t in nodes_of(s.fn, cst.AssignTarget) for n in names_in(t.target)}
    taken = names_in(init) | ({n for s in stages.values() for n in names_in(s.fn)} - assigned)
    local: dict[str, str] = {}  # stage -> the local holding its value
    out: list[cst.BaseStatement] = []
    touched = [i for i, s in enumerate(init.body.body) if _touch(s, me, stages) is not None]
    if not touched:
        raise _No("`__init__` reads none of them as a statement of its own")

    init_bound = {p.name.value for p in init.params.params} | \
        {n for t in nodes_of(init, cst.AssignTarget) for n in names_in(t.target)}

    def build(name: str, into: list) -> None:
        stage = stages[name]
        body = _straight_body(stage.fn)
        if body is None or len(stage.fn.params.params) != 1:
            raise _No(f"`{name}` is not straight assignments ending in one `return`")
        own = stage.fn.params.params[0].name.value
        locals_ = {n for t in nodes_of(stage.fn, cst.AssignTarget) for n in names_in(t.target)} | {own}
        clash = sorted((names_in(stage.fn.body) - locals_) & init_bound)
        if clash:  # (a name the stage reads from its module would read ``__init__``'s)
            raise _No(f"`{name}` reads `{clash[0]}`, a name `__init__` binds")
        renames = {own: me}
        for stmt in body[:-1]:
            for t in getattr(stmt.body[0], "targets", ()):
                for n in names_in(t.target):
                    if n != "_" and n not in renames:
                        renames[n] = _free(n, taken)
        mine: list = []
        alias: dict[str, str] = {}  # ``x, y = self.stage`` of a stage whose parts are named: x, y are those names
        once = [n for stmt in body for t in getattr(stmt.body[0], "targets", ()) for n in names_in(t.target)]
        for stmt in body:
            stmt = stmt.visit(_Rename(renames))
            stmt = stmt.visit(_Rename(alias)) if alias else stmt
            stmt = _reads_resolved(stmt, me, stages, local, lambda k: build(k, mine))
            parts = _parts_unpacked(stmt, local)
            if parts is not None and all(once.count(n) == 1 for n in renames if renames[n] in parts):
                alias.update(parts)
                continue
            if isinstance(stmt.body[0], cst.Return):
                value = stmt.body[0].value
                arity = len(value.elements) if isinstance(value, cst.Tuple) and \
                    not any(isinstance(e, cst.StarredElement) for e in value.elements) else 0
                if arity > 1 and _unpacked_only(module, name, arity):  # (each part named: ``x, y = self.stage``)
                    local[name] = [_free(f"{name}_{i}", taken) for i in range(arity)]
                    target = cst.Tuple([cst.Element(cst.Name(n)) for n in local[name]], lpar=[], rpar=[])
                else:
                    local[name] = _free(name, taken)
                    target = cst.Name(local[name])
                stmt = stmt.with_changes(body=[cst.Assign([cst.AssignTarget(target)], value)])
            mine.append(stmt)
        if stage.scopes:
            items = [i.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                     for i in stage.scopes[:-1]] + [stage.scopes[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]
            into.append(cst.With(items, cst.IndentedBlock(mine)))
        else:
            into += mine

    for i, stmt in enumerate(init.body.body):
        name = _touch(stmt, me, stages)
        if name is not None:
            if name not in local:
                build(name, out)
            continue
        if i < touched[-1] and _may_read_stages(stmt, me):
            raise _No("a statement of `__init__` before it reads them calls a method or passes `self` on")
        out.append(_reads_resolved(stmt, me, stages, local, None))
    # a stage read anywhere else keeps a property returning the attribute its decorator set
    inlined = {id(s.fn) for n, s in stages.items() if n in local}
    inside = {id(a) for s in stages.values() if id(s.fn) in inlined for a in nodes_of(s.fn, cst.Attribute)} | \
        {id(a) for a in nodes_of(init, cst.Attribute)}
    elsewhere = {a.attr.value for a in nodes_of(module, cst.Attribute) if a.attr.value in local and
                 id(a) not in inside} | {n for n in local if tree_uses(external, n)}
    code = code_of(module)
    for n in local:
        if stages[n].attr in code:
            raise _No(f"the attribute `{stages[n].attr}` the decorator sets for `{n}` is named in the module")
    keep = []
    for n in local:
        if n in elsewhere:
            keep.append(cst.parse_statement(f"{me}.{stages[n].attr} = {local[n]}"))
    out += keep
    members = []
    for member in cls.body.body:
        if isinstance(member, cst.FunctionDef) and member.name.value in local and id(member) in inlined:
            if member.name.value in elsewhere:
                own = member.params.params[0].name.value
                members.append(member.with_changes(
                    decorators=[cst.Decorator(cst.Name("property"))],
                    body=cst.IndentedBlock([cst.parse_statement(
                        f"return {own}.{stages[member.name.value].attr}")])))
            continue
        members.append(init.with_changes(body=init.body.with_changes(body=out)) if member is init else member)
    return cls.with_changes(body=cls.body.with_changes(body=members))


def _straight_body(fn: cst.FunctionDef) -> list[cst.SimpleStatementLine] | None:
    """A stage's statements: single assignments and expression statements (``x.set_shape(...)``), a docstring
    first, ending in one ``return`` of a value."""
    if not isinstance(fn.body, cst.IndentedBlock) or fn.asynchronous:
        return None
    out = []
    for i, stmt in enumerate(fn.body.body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if i == 0 and isinstance(small, cst.Expr) and isinstance(small.value, cst.SimpleString):
            continue  # the docstring
        if i == len(fn.body.body) - 1:
            return [*out, stmt] if isinstance(small, cst.Return) and small.value is not None else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 or isinstance(small, cst.Expr)) or \
                nodes_of(stmt, cst.Yield) or nodes_of(stmt, cst.Lambda):
            return None
        out.append(stmt)
    return None


def _parts_unpacked(stmt, local: dict) -> dict[str, str] | None:
    """``{x: part, y: part}`` of ``x, y = part_0, part_1``, the parts a stage's value was named by."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target,
                                                                                      cst.Tuple)
            and isinstance(small.value, cst.Tuple)):
        return None
    targets = [e.value for e in small.targets[0].target.elements]
    values = [e.value for e in small.value.elements]
    names = [v.value for v in values if isinstance(v, cst.Name)]
    if len(targets) != len(values) or len(names) != len(values) or \
            not all(isinstance(t, cst.Name) for t in targets) or len({t.value for t in targets}) != len(targets) or \
            not any(isinstance(p, list) and p == names for p in local.values()):
        return None
    return {t.value: n for t, n in zip(targets, names)}


def _unpacked_only(module: cst.Module, name: str, arity: int) -> bool:
    """Every ``x.name`` of the module is the value of an assignment to ``arity`` names (``a, b = self.name``), or
    a statement of its own."""
    reads = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == name]
    unpacked = [a for a in nodes_of(module, cst.Assign) if len(a.targets) == 1 and
                isinstance(a.targets[0].target, cst.Tuple) and len(a.targets[0].target.elements) == arity and
                any(a.value is r for r in reads)]
    touched = [e for e in nodes_of(module, cst.Expr) if any(e.value is r for r in reads)]  # (``self.stage``)
    return len(unpacked) > 0 and len(unpacked) + len(touched) == len(reads)


def _free(name: str, taken: set[str]) -> str:
    """``name`` where nothing in ``__init__`` has it yet, else a fresh one; taken from then on."""
    if name in taken:
        return fresh_name(name, taken)
    taken.add(name)
    return name


def _touch(stmt, me: str, stages) -> str | None:
    """The stage a statement ``self.stage`` reads, alone."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr):
        v = stmt.body[0].value
        if isinstance(v, cst.Attribute) and _is_name(v.value, me) and v.attr.value in stages:
            return v.attr.value
    return None


def _may_read_stages(stmt, me: str) -> bool:
    """A statement that may read a stage other than as ``self.stage``: a method of ``self`` called, or
    ``self`` itself passed on."""
    for call in nodes_of(stmt, cst.Call):
        if isinstance(call.func, cst.Attribute) and _is_name(call.func.value, me):
            return True
        if any(_is_name(a.value, me) for a in call.args):
            return True
    return False


def _reads_resolved(stmt, me: str, stages, local: dict, build) -> cst.CSTNode:
    """``stmt`` with each ``self.stage`` read as the local holding its value; a stage not built yet is built
    first (``build``), where no call of the statement comes before the read (else refused)."""
    reads = [a for a in nodes_of(stmt, cst.Attribute) if _is_name(a.value, me) and a.attr.value in stages]
    if not reads:
        return stmt
    for a in reads:
        if a.attr.value not in local:
            if build is None:
                raise _No(f"`__init__` reads `{a.attr.value}` first inside another statement")
            if _call_before(stmt, a, me):
                raise _No(f"`{a.attr.value}` is read first after a call of the same statement that may change "
                          f"`{me}` (a method of it, or it passed on)")
            build(a.attr.value)

    class _Swap(cst.CSTTransformer):
        def leave_Attribute(self, original, updated):
            if any(original is a for a in reads):
                value = local[original.attr.value]
                return cst.Name(value) if isinstance(value, str) else \
                    cst.Tuple([cst.Element(cst.Name(n)) for n in value], lpar=[], rpar=[])
            return updated

    return stmt.visit(_Swap())


def _call_before(stmt, read: cst.Attribute, me: str) -> bool:
    """A call of ``stmt`` that may change the object (``_may_read_stages``) and completes before ``read`` is
    evaluated (source order: a call's function and its arguments before it; a conditional expression, lambda
    or comprehension holding the read refused). Other calls made first (``tf.TextLineReader().read(self.queue)``)
    make their ops before the stage's instead of after: the same ops, named alike."""
    state = {"done": False, "calls": 0}

    class _Walk(Visitor):
        def on_visit(self, node) -> bool:
            if state["done"]:
                return False
            if node is read:
                state["done"] = True
                return False
            if isinstance(node, (cst.IfExp, cst.Lambda, cst.BaseComp)):
                if any(n is read for n in nodes_of(node, cst.Attribute)):
                    state["calls"] += 1
                    state["done"] = True
                return False
            return True

        def on_leave(self, node) -> None:
            if not state["done"] and isinstance(node, cst.Call) and _may_read_stages(node, me):
                state["calls"] += 1

    stmt.visit(_Walk())
    return state["calls"] > 0


__all__ = ["inline_scope_decorators"]
