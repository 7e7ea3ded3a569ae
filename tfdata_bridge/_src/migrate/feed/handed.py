"""Placeholders a fed queue's function is handed by its callers (``derived.py``'s holders, read at the calls):

    def run_feed(placeholders, rows):                     # a module-level function (or a class's ``__init__``)
        queue = tf.FIFOQueue(20, dtypes=[p.dtype for p in placeholders.values()], ...)
        enqueue_op = queue.enqueue_many(list(placeholders.values()))
        ...

    phs = collections.OrderedDict([('x', tf.placeholder(tf.float32, [None, 3])), ...])   # in any module of the tree
    run_feed(phs, rows)

Every use of the function (of the class) in the tree must be a direct call handing the parameter (no ``*``/``**``)
a holder made statically: a dict / list literal of ``placeholder(...)`` calls, ``OrderedDict`` of ``(key,
placeholder)`` pairs, a dict filled by ``d['k'] = placeholder(...)`` lines, bound once in the caller's block and
used there by nothing else before the call; or what a function (of this module or another of the tree) returns
as its last statement, made so in its block. Each placeholder's dtype must be written ``<module>.<dtype>`` and
its shape a literal list (or none): they are read as the queue's own, ``tf.float32`` written through the
queue's module's alias. Every caller must hand the same keys, dtypes and shapes, in the same order (a dict's
insertion order, legacy's); otherwise, or where a caller cannot be read, the queue is refused with the reason.
The callers keep their placeholders (nothing feeds them any more; they make no difference to the graph's run).
"""

from __future__ import annotations

from types import SimpleNamespace

import libcst as cst
from libcst.metadata import Assignment, ClassScope, GlobalScope

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, is_none, nodes_of
from tfdata_bridge._src.migrate.feed.queue import DTYPE_NAMES as _DTYPES, PLACEHOLDER_PARAMS

_DEPTH = 4


def _code(node: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(node)


def _view(site):
    """``site`` (a Finder of a module of the tree) as ``derived.held`` reads one."""
    if hasattr(site, "index"):
        return site
    return SimpleNamespace(index=SimpleNamespace(paths=site.paths, owners={}, blocks=[[]]), scopes=site.scopes,
                           external=getattr(site, "external", None), v1=None)


def handed(finder, at: cst.CSTNode, param: str, name: str, depth: int = 0):
    """The holder (named ``name``) of the placeholders every caller hands the parameter ``param`` (read at ``at``),
    or None where ``param`` is no parameter. Refused where it is one whose callers cannot be read so."""
    from tfdata_bridge._src.migrate.feed.derived import Held

    sites = _sites(finder, at, param)
    if sites is None:
        return None
    owner_name, fn = sites[0], sites[2]
    seen = None
    given = {id(v) for v, _, _ in sites[1]}  # (handed to this same function twice: no other use)
    for value, site, call in sites[1]:
        view = _view(site)
        got = _given(view, call, value, depth, owner_name, param, given)
        if len(set(got.keys)) != len(got.keys):
            raise Refusal(f"a caller of `{owner_name}` hands `{param}` a dict that sets a key twice")
        made_in = getattr(got, "site", None) or view  # (a function of another module made them: read there)
        sig = (got.is_dict, list(got.keys), [_signature(c, got, j, made_in) for j, c in enumerate(got.calls)])
        if seen is not None and sig != seen:
            raise Refusal(f"the callers of `{owner_name}` hand `{param}` different placeholders (keys, dtypes or "
                          "shapes); the queue's signature is not one")
        seen = sig
    is_dict, keys, sigs = seen
    v1 = getattr(finder, "v1", None) or "tf"
    calls = [cst.Call(cst.parse_expression(f"{v1}.placeholder"), [
        cst.Arg(cst.parse_expression(f"{v1}.{dtype}")),
        cst.Arg(cst.Name("None") if shape is None else cst.List(
            [cst.Element(cst.Name("None") if d is None else cst.Integer(str(d))) for d in shape]))]) for dtype, shape
        in sigs]
    return Held(name, keys, calls, [], is_dict, fn)


def _sites(finder, at: cst.CSTNode, param: str):
    """(the function or class, [(the value handed, the Finder of its module, the call)]) of ``param``, None where
    it is no parameter of the function ``at`` is in."""
    scopes = getattr(finder, "scopes", None)
    scope = scopes.scope(at) if scopes is not None else None
    found = list(scope[param]) if scope is not None else []
    if len(found) != 1 or not isinstance(found[0], Assignment) or not isinstance(found[0].node, cst.Param):
        return None
    node, fn = found[0].node, found[0].scope.node
    if found[0].scope is not scope:
        return None  # (a parameter of an enclosing function: not followed)
    outer = scopes.scope(fn) if isinstance(fn, cst.FunctionDef) else None
    if isinstance(outer, GlobalScope):
        owner, skip = fn, 0
    elif isinstance(outer, ClassScope) and fn.name.value == "__init__" and isinstance(
            scopes.scope(outer.node), GlobalScope) and not fn.decorators:
        owner, skip = outer.node, 1
    elif _plain_method(scopes, outer, fn):
        return _method_sites(finder, scopes, outer.node, fn, node, param)
    else:
        raise Refusal(f"the placeholders `{param}` are a parameter of `{fn.name.value}`, which is neither a "
                      "module-level function nor a module-level class's `__init__`: its callers are not followed")
    if node not in fn.params.params or fn.decorators and skip == 0:
        raise Refusal(f"the placeholders `{param}` are not a plain positional parameter of `{fn.name.value}` "
                      "(or it is decorated): its callers are not followed")
    position = list(fn.params.params).index(node) - skip
    module = next((n for n in scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return None
    calls = {id(c.func): c for c in nodes_of(module, cst.Call)}
    supers = _super_names(owner) if skip else set()  # (``super(Cls, self)`` in its own body calls no ``__init__``)
    sites = [(calls.get(id(u)), finder) for u in scopes.callers(owner) if id(u) not in supers]
    external = getattr(finder, "external", None)
    elsewhere = getattr(external, "calls_elsewhere", None) if external is not None else None
    if external is not None and elsewhere is not None:
        sites += [(call, site) for call, _stmt, _module, site in elsewhere(owner.name.value)]
    what = f"`{owner.name.value}`"
    if not sites:
        raise Refusal(f"{what} is called nowhere in the code migrated: the placeholders it is handed as `{param}` "
                      "cannot be read")
    out = []
    for call, site in sites:
        if call is None or any(a.star for a in call.args):
            raise Refusal(f"{what} is used other than by plain calls: the placeholders it is handed as `{param}` "
                          "cannot be read")
        out.append((_handed(call, position, param, what), site, call))
    return owner.name.value, out, fn


def _plain_method(scopes, outer, fn: cst.FunctionDef) -> bool:
    """``fn`` is a plain method (no decorator, no dunder, ``self`` first) of a module-level class."""
    return isinstance(outer, ClassScope) and isinstance(scopes.scope(outer.node), GlobalScope) and \
        not fn.decorators and not fn.name.value.startswith("__") and bool(fn.params.params) and \
        fn.params.params[0].default is None


def _method_sites(finder, scopes, klass: cst.ClassDef, fn: cst.FunctionDef, node: cst.Param, param: str):
    """``_sites`` of a parameter of a plain method (``reader.get_loader(inputs=[...])``): its callers are read by
    the method's name, ``x.name(...)`` in every module of the tree (any object may be one of the class's), so a
    same-named method of another object only adds callers that must agree. Refused where the name is used but by
    a call (an attribute read, a ``getattr`` string), or where another class of the module defines it too."""
    name, what = fn.name.value, f"`{klass.name.value}.{fn.name.value}`"
    if node not in fn.params.params or node is fn.params.params[0]:
        raise Refusal(f"the placeholders `{param}` are not a plain positional parameter of {what}: its callers are "
                      "not followed")
    position = list(fn.params.params).index(node) - 1
    module = next((n for n in scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        return None
    others = [c for c in nodes_of(module, cst.ClassDef) if c is not klass and any(
        isinstance(f, cst.FunctionDef) and f.name.value == name for f in c.body.body)]
    if others:
        raise Refusal(f"the placeholders `{param}` are a parameter of {what}, and `{others[0].name.value}` defines "
                      f"a `{name}` too: which calls are the method's is not known")
    calls = {id(c.func): c for c in nodes_of(module, cst.Call)}
    sites = [(calls.get(id(a)), finder) for a in nodes_of(module, cst.Attribute) if a.attr.value == name]
    sites += [(None, finder) for s in nodes_of(module, cst.SimpleString) if s.evaluated_value == name]
    external = getattr(finder, "external", None)
    elsewhere = getattr(external, "method_calls", None) if external is not None else None
    if elsewhere is not None:
        sites += [(call, site) for call, _stmt, _module, site in elsewhere(name)]
    if not sites:
        raise Refusal(f"{what} is called nowhere in the code migrated: the placeholders it is handed as `{param}` "
                      "cannot be read")
    out = []
    for call, site in sites:
        if call is None or any(a.star for a in call.args):
            raise Refusal(f"{what} is used other than by plain calls `x.{name}(...)`: the placeholders it is handed "
                          f"as `{param}` cannot be read")
        receiver = call.func.value
        if isinstance(receiver, (cst.Name, cst.Attribute)) and (receiver.value if isinstance(receiver, cst.Name)
                                                               else receiver.attr.value) == klass.name.value:
            raise Refusal(f"{what} is called on its class (`{_code(call.func)}`, `self` handed by position): the "
                          f"placeholders it is handed as `{param}` are not read so")
        out.append((_handed(call, position, param, what), site, call))
    return f"{klass.name.value}.{name}", out, fn


def _handed(call: cst.Call, position: int, param: str, what: str) -> cst.BaseExpression:
    """What ``call`` hands as ``param`` (by keyword, or at ``position``); refused where it hands it not once."""
    given = [a.value for i, a in enumerate(call.args) if a.keyword is None and i == position
             or a.keyword is not None and a.keyword.value == param]
    if len(given) != 1:
        raise Refusal(f"a call of {what} does not hand `{param}`: its placeholders cannot be read")
    return given[0]


def _super_names(klass: cst.ClassDef) -> set[int]:
    """The ids of the class's own name as the first argument of a ``super(Cls, self)`` call in its body."""
    return {id(c.args[0].value) for c in nodes_of(klass.body, cst.Call)
            if isinstance(c.func, cst.Name) and c.func.value == "super" and c.args
            and isinstance(c.args[0].value, cst.Name) and c.args[0].value.value == klass.name.value}


def _given(site, call: cst.Call, value: cst.BaseExpression, depth: int, owner: str, param: str,
           given: set[int]):
    """The holder ``value`` (handed at ``call``) is."""
    from tfdata_bridge._src.migrate.feed.derived import _is_placeholder, held, made_holder

    shown = f"`{_code(value)}` handed to `{owner}` as `{param}`"
    if depth > _DEPTH:
        raise Refusal(f"{shown} is passed through more than {_DEPTH} functions; not followed")
    literal = made_holder(site, param, value, None)
    if literal is not None and literal.keys:
        return literal
    if isinstance(value, cst.Name):
        body, stmt = _block_binding(site, call, value.value)
        if body is None:
            deeper = handed(site, call, value.value, value.value, depth + 1)
            if deeper is not None:
                return deeper
            raise Refusal(f"{shown} is not bound once, in the caller's own block, to a dict or list of placeholders")
        got = held(site, body, value.value)
        if got is None:
            made = _bound_value(stmt)
            if isinstance(made, cst.Call):
                return _returned(site, made, depth, shown)
            if isinstance(made, (cst.List, cst.Tuple, cst.Dict)) and made.elements and all(
                    isinstance(e, (cst.Element, cst.DictElement)) and not isinstance(e.value, cst.Name)
                    and not _is_placeholder(site, e.value) for e in made.elements):
                # (``build_queue(sess, [d['pitch'], d['voiced']])``: the data itself, each queue dtype its array's)
                items = [_code(e.value) for e in made.elements[:3]] + (["..."] if len(made.elements) > 3 else [])
                raise Refusal(f"{shown} holds values that are no placeholders ({', '.join(items)}): the queue's "
                              "dtypes and shapes are read from them when the graph is built (the data's own), not "
                              "written in the source, and the generator's signature needs them written; not "
                              "rewritten (`migrate --to compat` keeps the queue)")
            raise Refusal(f"{shown} is not a dict or list of `placeholder(...)` calls made in the caller's block")
        _untouched(body, got, call, value.value, shown, given)
        return got
    if isinstance(value, cst.Call):
        return _returned(site, value, depth, shown)
    named = _named_placeholders(site, call, value, param)
    if named is not None:
        return named
    raise Refusal(f"{shown} is not a dict or list of placeholders made where it can be read (a literal of "
                  "`placeholder(...)` calls, or of names each bound once, in the caller's block, to one)")


def _named_placeholders(site, call: cst.Call, value: cst.BaseExpression, param: str):
    """``Queue([quizzes, solutions])`` (or a dict literal keyed by strings) whose elements are names each bound
    once, in the caller's own block, to a ``placeholder(...)`` call: read as the literal of those calls (the
    caller keeps its placeholders; only their dtypes and shapes are read). None where ``value`` is no such
    literal."""
    from tfdata_bridge._src.migrate.feed.derived import Held, _is_placeholder

    if isinstance(value, (cst.List, cst.Tuple)) and value.elements and not any(
            isinstance(e, cst.StarredElement) for e in value.elements):
        keys, names = list(range(len(value.elements))), [e.value for e in value.elements]
    elif isinstance(value, cst.Dict) and value.elements and all(
            isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) for e in value.elements):
        keys, names = [e.key.evaluated_value for e in value.elements], [e.value for e in value.elements]
    else:
        return None
    calls = []
    for node in names:
        if not isinstance(node, cst.Name):
            return None
        _body, stmt = _block_binding(site, call, node.value)
        made = _bound_value(stmt) if stmt is not None else None
        if made is None or not _is_placeholder(site, made):
            return None
        calls.append(made)
    return Held(param, keys, calls, [], isinstance(value, cst.Dict))


def _bound_value(stmt):
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    return small.value if isinstance(small, cst.Assign) and len(small.targets) == 1 else None


def _block_binding(site, at: cst.CSTNode, name: str):
    """(the statements of the function or module block binding ``name`` once, that statement), or (None, None)."""
    from tfdata_bridge._src.migrate.static_values import bound_statement

    stmt = bound_statement(site, at, name)
    if stmt is None:
        return None, None
    scope = site.scopes.scope(stmt)
    node = getattr(scope, "node", None)
    body = list(node.body.body) if isinstance(node, cst.FunctionDef) and isinstance(node.body, cst.IndentedBlock) \
        else list(node.body) if isinstance(node, cst.Module) else None
    if body is None or not any(s is stmt for s in body):
        return None, None
    return body, stmt


def _untouched(body, got, call: cst.Call, name: str, shown: str, given: set[int]) -> None:
    """Nothing but the holder's own lines (and other calls handing it to the same function) uses ``name``
    before the statement that hands it."""
    ids = {id(n) for n in nodes_of(call, cst.Name)}
    mine = {id(s) for s in got.stmts}
    start = next(i for i, s in enumerate(body) if id(s) in mine)
    for stmt in body[start:]:
        if any(id(n) in ids for n in nodes_of(stmt, cst.Name)):
            return
        if id(stmt) not in mine and any(n.value == name and id(n) not in given for n in nodes_of(stmt, cst.Name)):
            raise Refusal(f"{shown} is used before it is handed (`{_code(stmt).strip()}`): its placeholders cannot "
                          "be read")
    raise Refusal(f"{shown}: the call is not in the block that makes it")


def _returned(site, call: cst.Call, depth: int, shown: str):
    """The holder a function returns, made in its own block (its last statement ``return d``)."""
    from tfdata_bridge._src.migrate.feed.derived import _is_placeholder, held, made_holder

    fn, there = None, site
    if isinstance(call.func, cst.Name):
        fn = site.scopes.module_function(call, call.func.value)
    external = getattr(site, "external", None)
    home = getattr(external, "home", None) if external is not None else None
    if fn is None and home is not None:
        found = home(call.func)
        if found is not None:
            resolved = getattr(external, "home_site", None)
            fn, there = found[0], _view((resolved(call.func) if resolved is not None else None) or found[2])
    if fn is None or not isinstance(fn.body, cst.IndentedBlock) or fn.decorators:
        raise Refusal(f"{shown} is made by `{_code(call.func)}`, which is not a function of the code migrated")
    body = list(fn.body.body)
    last = body[-1] if body else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(ret, cst.Return) or ret.value is None or len(list(nodes_of(fn, cst.Return))) != 1:
        raise Refusal(f"{shown} is made by `{fn.name.value}`, which does not end by returning it alone")
    if isinstance(ret.value, cst.Name):
        got = held(there, body, ret.value.value)
    else:
        got = made_holder(there, ret.value.value if isinstance(ret.value, cst.Name) else "_", ret.value, last)
    if got is None or not got.keys:
        raise Refusal(f"{shown} is made by `{fn.name.value}`, which returns no dict or list of placeholders made "
                      "in its block")
    got.site = there
    return got


def _dim(site, at: cst.CSTNode, node: cst.BaseExpression, depth: int = 0):
    """The int (or None) a placeholder's dimension is when the graph is built, read at ``at`` of ``site``'s
    module: a literal; a name bound once to one, or a parameter every call in the tree gives the same such
    value (``static_values``); ``Config.N`` / ``config.N`` (``config = Config()`` bound once) / ``FLAGS.n`` of
    another module of the tree (``FLAGS = Flags()`` there), a class attribute bound once in a plain class body
    that nothing in those modules sets (``compression.class_attribute`` / ``foreign_value``). ``UNKNOWN``
    otherwise."""
    from tfdata_bridge._src.migrate.compression import class_attribute, foreign_value
    from tfdata_bridge._src.migrate.static_values import UNKNOWN, literal, parameter_values

    if depth > _DEPTH or getattr(site, "scopes", None) is None:
        return UNKNOWN
    if is_none(node):
        return None
    if isinstance(node, cst.Integer):
        return int(node.value)
    got = literal(site, at, node)
    if isinstance(got, int) and not isinstance(got, bool):
        return got
    if isinstance(node, cst.Attribute):
        found = class_attribute(site, at, node) if isinstance(node.value, cst.Name) else None
        found = found or foreign_value(site, at, node)
        return UNKNOWN if found is None else _dim(found[2], found[0], found[1], depth + 1)
    if isinstance(node, cst.Name):
        values = parameter_values(site, at, node.value)
        dims = {repr(_dim(f, a, v, depth + 1)) for v, f, a in values or []}
        if values and len(dims) == 1 and repr(UNKNOWN) not in dims:
            return _dim(values[0][1], values[0][2], values[0][0], depth + 1)
    return UNKNOWN


def _signature(call: cst.Call, got, j: int, site=None) -> tuple[str, tuple | None]:
    """(the dtype's name, the shape as a tuple of ints and None) of a handed placeholder: written literally, or
    each dimension a value known when the graph is built (``_dim``, read where the placeholder is made)."""
    from tfdata_bridge._src.migrate.static_values import UNKNOWN

    args = bind_params(call, PLACEHOLDER_PARAMS, "placeholder")
    dtype, shape = args.get("dtype"), args.get("shape")
    where = f"`{got.refs()[j]}`"
    if not (isinstance(dtype, cst.Attribute) and dtype.attr.value in _DTYPES and isinstance(
            dtype.value, (cst.Name, cst.Attribute))):
        raise Refusal(f"the dtype of the handed placeholder {where} is not written `tf.<dtype>`: it cannot be read "
                      "where the queue is made")
    if shape is None or is_none(shape):
        return dtype.attr.value, None
    if not isinstance(shape, (cst.List, cst.Tuple)) or any(isinstance(e, cst.StarredElement) for e in shape.elements):
        raise Refusal(f"the shape of the handed placeholder {where} is not a literal list of numbers and None: it "
                      "cannot be read where the queue is made")
    dims = [_dim(site, call, e.value) if site is not None else None if is_none(e.value) else int(e.value.value)
            if isinstance(e.value, cst.Integer) else UNKNOWN for e in shape.elements]
    unknown = [e.value for e, d in zip(shape.elements, dims) if d is UNKNOWN]
    if unknown:
        raise Refusal(f"the shape of the handed placeholder {where} is not a literal list of numbers and None: it "
                      f"has `{cst.Module([]).code_for_node(unknown[0])}`, which is not known when the graph is built "
                      "(a literal, a name or parameter bound to one, a class attribute of a plain config class "
                      "that nothing sets): it cannot be read where the queue is made")
    return dtype.attr.value, tuple(dims)
