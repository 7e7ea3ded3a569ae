"""A reader's keyword arguments given as ``**kwargs`` whose value is known when migrating.

    READER_KWARGS = {"options": tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.GZIP)}
    reader = tf.TFRecordReader(**READER_KWARGS)                 # a module constant, or ``**{...}`` / ``**dict(...)``

    def read(filename_queue, reader_kwargs=None):               # a parameter every call in the tree gives one dict
        reader = tf.TextLineReader(**(reader_kwargs or {}))     # (``kw = reader_kwargs or {}`` too)

The ``**`` value is followed to a dict literal (or ``dict(key=...)``) through names bound once, ``x or {}``, and
a module-level function's parameter that every call in the tree (another module's too) passes, all giving the
same keys and values (``static_values.parameter_values``). Each value is made a literal there, in its own
module: a ``TFRecordReader``'s ``options`` becomes its compression string (``"GZIP"``, which the reader takes
too: ``compression.py``), another argument (``skip_header_lines``) a literal int or string. Anything else (a
value computed at run time, calls that pass different dicts, a key the reader does not take, the dict kept on
an object's attribute) is a Refusal naming the ``**`` value and why.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, nodes_of
from tfdata_bridge._src.migrate.static_values import UNKNOWN, bound_statement, literal, parameter_values
from tfdata_bridge._src.symbols import SIGNATURES

_DEPTH = 6


class _NotKnown(Exception):
    pass


def bind_reader(finder, call: cst.Call, kind: str, params: dict[str, cst.BaseExpression] | None = None,
                caller=None, at: cst.CSTNode | None = None) -> dict[str, cst.BaseExpression]:
    """``bind(call, kind)`` with each ``**value`` replaced by the keyword arguments it is known to hold.
    ``params``: a reader helper's parameters -> what its call passes, read with ``caller`` (the Finder of the
    calling module; ``finder`` where None). ``at``: where the call's names are read (the call itself where None;
    the call site where the call was written again in the caller's names)."""
    if not any(a.star == "**" for a in call.args) or any(a.star == "*" for a in call.args):
        return bind(call, kind)
    plain = call.with_changes(args=[a for a in call.args if not a.star])
    bound = bind(plain, kind)
    for arg in call.args:
        if not arg.star:
            continue
        written = cst.Module([]).code_for_node(arg.value)
        try:
            given = _known(kind, finder, at if at is not None else call, arg.value, 0, params or {}, caller or finder)
        except _NotKnown as exc:
            raise Refusal(f"`{kind}(**{written})`: the keyword arguments `{written}` holds are not known when "
                          f"migrating ({exc}); not rewritten: pass them to the reader as keywords") from None
        for key, value in given.items():
            if key not in SIGNATURES[kind]:
                raise Refusal(f"`{kind}(**{written})`: `{written}` holds `{key}`, which `{kind}` does not take; "
                              "not rewritten")
            if key in bound:
                raise Refusal(f"`{kind}(**{written})`: `{key}` is given twice; not rewritten")
            bound[key] = value
    return bound


def _known(kind: str, finder, at: cst.CSTNode, node: cst.BaseExpression, depth: int, params=None, caller=None
           ) -> dict[str, cst.BaseExpression]:
    """The keyword arguments ``node`` (read at ``at``) holds, each a literal node; _NotKnown says why not.
    ``params``: a helper's parameters -> its call's arguments, read with ``caller``."""
    params = params or {}
    if depth > _DEPTH:
        raise _NotKnown("followed too far")
    if isinstance(node, cst.Dict):
        out = {}
        for element in node.elements:
            if not isinstance(element, cst.DictElement) or not isinstance(element.key, cst.SimpleString):
                raise _NotKnown("a dict with a key that is not a string literal, or `**` inside it")
            out[element.key.evaluated_value] = _value(kind, finder, at, element.key.evaluated_value, element.value)
        return out
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict":
        if any(a.keyword is None or a.star for a in node.args):
            raise _NotKnown("`dict(...)` given more than keywords")
        return {a.keyword.value: _value(kind, finder, at, a.keyword.value, a.value) for a in node.args}
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or) and \
            isinstance(node.right, cst.Dict) and not node.right.elements:
        left = params.get(node.left.value) if isinstance(node.left, cst.Name) else None
        left = left.node if isinstance(left, _Read) else left
        if literal(finder, at, node.left) is None or isinstance(left, cst.Name) and left.value == "None":
            return {}  # ``None or {}``
            return {}
        return _known(kind, finder, at, node.left, depth + 1, params, caller)
    if isinstance(node, cst.Name) and node.value in params:  # what the helper's call passes, in the caller
        _only_spread(finder, at, node.value)
        given = params[node.value]
        reader = caller
        if isinstance(given, _Read):
            given, reader = given.node, given.finder
        if isinstance(given, cst.Name) and given.value == "None":
            raise _NotKnown(f"the call leaves `{node.value}` None, which `**` cannot take")
        return _known(kind, reader, given, given, depth + 1)
    if isinstance(node, cst.Name):
        stmt = bound_statement(finder, at, node.value)
        if stmt is not None:
            _only_spread(finder, stmt, node.value)
            return _known(kind, finder, stmt, stmt.body[0].value, depth + 1, params, caller)
        _only_spread(finder, at, node.value)
        sites = parameter_values(finder, at, node.value)
        if sites is None:
            raise _NotKnown(f"`{node.value}` is bound more than once, or is a parameter of a function not "
                            "called directly everywhere")
        got = []
        for value, site, site_at in sites:
            if isinstance(value, cst.Name) and value.value == "None":
                raise _NotKnown(f"a call leaves `{node.value}` None, which `**` cannot take")
            got.append(_known(kind, site, site_at, value, depth + 1))
        codes = [{k: cst.Module([]).code_for_node(v) for k, v in g.items()} for g in got]
        if any(c != codes[0] for c in codes[1:]):
            raise _NotKnown(f"the calls give `{node.value}` different values")
        return got[0]
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        stmt, init, cls = _attribute_value(finder, at, node)
        return _known(kind, finder, stmt, stmt.body[0].value, depth + 1, _constructed(finder, init, cls))
    raise _NotKnown("it is computed when the program runs")


def _only_spread(finder, where: cst.CSTNode, name: str) -> None:
    """_NotKnown unless every read of ``name`` (as bound where ``where`` reads it) is a ``**name``, or ``name or
    {}`` given as ``**`` or bound to a name read only so: a dict used otherwise (``KW["encoding"] = ...``, a
    method call, an alias) may differ from the one written."""
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    if module is None:
        raise _NotKnown(f"the uses of `{name}` are not known")
    spread = {id(a.value) for a in nodes_of(module, cst.Arg) if a.star == "**"}
    ors: dict[int, cst.BaseExpression] = {}
    for b in nodes_of(module, cst.BooleanOperation):
        if isinstance(b.operator, cst.Or) and isinstance(b.right, cst.Dict) and not b.right.elements:
            ors[id(b.left)] = b
    named = {}  # ``kw = x or {}``: the or's id -> the statement and its name
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        small = stmt.body[0] if len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
            named[id(small.value)] = (stmt, small.targets[0].target.value)
        elif isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Attribute):
            named[id(small.value)] = (None, small.targets[0].target.attr.value)
    attributes = [a.attr.value for a in nodes_of(module, cst.Attribute)]
    spread_attributes = {a.value.attr.value for a in nodes_of(module, cst.Arg)
                         if a.star == "**" and isinstance(a.value, cst.Attribute)}
    for read in finder.scopes.readers_of(where, name):
        if id(read) in spread:
            continue
        b = ors.get(id(read), read)  # (``x or {}``, or ``x`` itself)
        if id(b) in spread:
            continue
        if id(b) in named:
            stmt, alias = named[id(b)]
            if stmt is None:  # ``self.kw = x or {}``: the attribute set there and read by one ``**`` alone
                if alias in spread_attributes and attributes.count(alias) == 2:
                    continue
            elif all(id(r) in spread for r in finder.scopes.readers_of(stmt, alias)):
                continue
        at = finder.scopes.positions.get(read) if hasattr(finder.scopes, "positions") else None
        line = getattr(getattr(at, "start", None), "line", None)
        raise _NotKnown(f"`{name}` is also used{f' at line {line}' if line else ''}, not only as `**{name}`: the "
                        "dict may change")
    elsewhere = getattr(finder.external, "attribute_uses", None) if finder.external is not None else None
    if elsewhere is not None and elsewhere(name):
        raise _NotKnown(f"another module uses `{name}`")


def _attribute_value(finder, at: cst.CSTNode, node: cst.Attribute):
    """(``self.attr = value``, ``__init__``, the class) for ``self.attr`` read in a method of the class whose
    ``__init__`` alone sets it, in a statement of its own body, where the tree uses the attribute nowhere else."""
    from tfdata_bridge._src.migrate.object_state import _method_and_self

    written = cst.Module([]).code_for_node(node)
    found = _method_and_self(finder, at)
    if found is None or found[2] != node.value.value:
        raise _NotKnown(f"`{written}` is not an attribute of the method's own instance")
    _, cls, _ = found
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    attr = node.attr.value
    if module is None or not any(s is cls for s in module.body):
        raise _NotKnown(f"`{written}`'s class is not one of the module's top level")
    init = next((f for f in cls.body.body if isinstance(f, cst.FunctionDef) and f.name.value == "__init__"
                 and f.params.params and not f.decorators), None)
    sets = [s for s in (init.body.body if init is not None else [])
            if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Assign)
            and len(s.body[0].targets) == 1 and isinstance(t := s.body[0].targets[0].target, cst.Attribute)
            and isinstance(t.value, cst.Name) and t.value.value == init.params.params[0].name.value
            and t.attr.value == attr]
    uses = len([a for a in nodes_of(module, cst.Attribute) if a.attr.value == attr])
    elsewhere = getattr(finder.external, "attribute_uses", None) if finder.external is not None else None
    if len(sets) != 1 or uses != 2:
        raise _NotKnown(f"`{written}` is set or used other than once in `__init__` and here")
    if elsewhere is not None and elsewhere(attr):
        raise _NotKnown(f"another module uses `.{attr}`")
    return sets[0], init, cls


def _constructed(finder, init: cst.FunctionDef, cls: cst.ClassDef) -> dict[str, cst.BaseExpression]:
    """``__init__``'s parameters -> what the one construction of ``cls`` in the tree passes (its defaults where
    it passes nothing); _NotKnown where the class is used otherwise, or made more than once."""
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    name = cls.name.value
    names = [n for n in nodes_of(module, cst.Name) if n.value == name and n is not cls.name]
    calls = [c for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Name) and c.func.value == name]
    if len(names) != len(calls):
        raise _NotKnown(f"`{name}` is used other than by calls")
    sites = [(c, finder) for c in calls]
    if finder.external is not None:
        elsewhere = getattr(finder.external, "calls_elsewhere", None)
        if elsewhere is None:
            raise _NotKnown(f"the calls of `{name}` in the tree are not known")
        sites += [(call, site) for call, _stmt, _module, site in elsewhere(name)]
    if len(sites) != 1 or sites[0][0] is None:
        raise _NotKnown(f"`{name}` is made {len(sites)} times in the tree, or used other than by a call"
                        if len(sites) != 1 else f"`{name}` is used other than by a call")
    call, site = sites[0]
    params = list(init.params.params)[1:]
    if init.params.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or init.params.star_kwarg or \
            init.params.kwonly_params or any(a.star for a in call.args):
        raise _NotKnown(f"`{name}(...)` takes or is given `*` / `**` arguments")
    out: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        key = arg.keyword.value if arg.keyword is not None else params[i].name.value if i < len(params) else None
        if key is None:
            raise _NotKnown(f"`{name}(...)` is given more arguments than it takes")
        out[key] = _Read(arg.value, site)
    for p in params:
        if p.name.value not in out and p.default is not None:
            out[p.name.value] = _Read(p.default, finder)
    return out


class _Read:
    """An argument of a construction, with the Finder of the module that reads it."""

    def __init__(self, node: cst.BaseExpression, finder) -> None:
        self.node, self.finder = node, finder


def _value(kind: str, finder, at: cst.CSTNode, key: str, node: cst.BaseExpression) -> cst.BaseExpression:
    """A literal node for the argument ``key`` given ``node`` (read at ``at``, in ``finder``'s module)."""
    if key not in SIGNATURES[kind]:
        raise _NotKnown(f"it holds `{key}`, which `{kind}` does not take")
    if key == "options":
        from tfdata_bridge._src.migrate.compression import _compression

        found = _compression(finder, at, node, {}, 0)
        if found is UNKNOWN:
            raise _NotKnown("its `options` compression is not known")
        return cst.SimpleString(f'"{found}"')
    value = literal(finder, at, node)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise _NotKnown(f"its `{key}` is no literal")
    return cst.Integer(str(value)) if isinstance(value, int) and value >= 0 else cst.parse_expression(repr(value))


__all__ = ["bind_reader"]
