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

from tfdata_bridge._src.migrate.calls import Refusal, bind
from tfdata_bridge._src.migrate.static_values import UNKNOWN, bound_statement, literal, parameter_values
from tfdata_bridge._src.symbols import SIGNATURES

_DEPTH = 6


class _NotKnown(Exception):
    pass


def bind_reader(finder, call: cst.Call, kind: str, params: dict[str, cst.BaseExpression] | None = None,
                caller=None) -> dict[str, cst.BaseExpression]:
    """``bind(call, kind)`` with each ``**value`` replaced by the keyword arguments it is known to hold.
    ``params``: a reader helper's parameters -> what its call passes, read with ``caller`` (the Finder of the
    calling module; ``finder`` where None)."""
    if not any(a.star == "**" for a in call.args) or any(a.star == "*" for a in call.args):
        return bind(call, kind)
    plain = call.with_changes(args=[a for a in call.args if not a.star])
    bound = bind(plain, kind)
    for arg in call.args:
        if not arg.star:
            continue
        written = cst.Module([]).code_for_node(arg.value)
        try:
            given = _known(finder, call, arg.value, 0, params or {}, caller or finder)
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


def _known(finder, at: cst.CSTNode, node: cst.BaseExpression, depth: int, params=None, caller=None
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
            out[element.key.evaluated_value] = _value(finder, at, element.key.evaluated_value, element.value)
        return out
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "dict":
        if any(a.keyword is None or a.star for a in node.args):
            raise _NotKnown("`dict(...)` given more than keywords")
        return {a.keyword.value: _value(finder, at, a.keyword.value, a.value) for a in node.args}
    if isinstance(node, cst.BooleanOperation) and isinstance(node.operator, cst.Or) and \
            isinstance(node.right, cst.Dict) and not node.right.elements:
        left = params.get(node.left.value) if isinstance(node.left, cst.Name) else None
        if literal(finder, at, node.left) is None or isinstance(left, cst.Name) and left.value == "None":
            return {}  # ``None or {}``
            return {}
        return _known(finder, at, node.left, depth + 1, params, caller)
    if isinstance(node, cst.Name) and node.value in params:  # what the helper's call passes, in the caller
        given = params[node.value]
        if isinstance(given, cst.Name) and given.value == "None":
            raise _NotKnown(f"the call leaves `{node.value}` None, which `**` cannot take")
        return _known(caller, given, given, depth + 1)
    if isinstance(node, cst.Name):
        stmt = bound_statement(finder, at, node.value)
        if stmt is not None:
            return _known(finder, stmt, stmt.body[0].value, depth + 1, params, caller)
        sites = parameter_values(finder, at, node.value)
        if sites is None:
            raise _NotKnown(f"`{node.value}` is bound more than once, or is a parameter of a function not "
                            "called directly everywhere")
        got = []
        for value, site, site_at in sites:
            if isinstance(value, cst.Name) and value.value == "None":
                raise _NotKnown(f"a call leaves `{node.value}` None, which `**` cannot take")
            got.append(_known(site, site_at, value, depth + 1))
        codes = [{k: cst.Module([]).code_for_node(v) for k, v in g.items()} for g in got]
        if any(c != codes[0] for c in codes[1:]):
            raise _NotKnown(f"the calls give `{node.value}` different values")
        return got[0]
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == "self":
        raise _NotKnown(f"`{cst.Module([]).code_for_node(node)}` is kept on the object; the rewrite does not "
                        "follow an attribute to the object's construction yet")
    raise _NotKnown("it is computed when the program runs")


def _value(finder, at: cst.CSTNode, key: str, node: cst.BaseExpression) -> cst.BaseExpression:
    """A literal node for the argument ``key`` given ``node`` (read at ``at``, in ``finder``'s module)."""
    if key == "options":
        from tfdata_bridge._src.migrate.compression import _compression

        found = _compression(finder, at, node, {}, 0)
        if found is UNKNOWN:
            raise _NotKnown(f"its `options` compression is not known")
        return cst.SimpleString(f'"{found}"')
    value = literal(finder, at, node)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise _NotKnown(f"its `{key}` is no literal")
    return cst.Integer(str(value)) if isinstance(value, int) and value >= 0 else cst.parse_expression(repr(value))


__all__ = ["bind_reader"]
