"""A fed queue whose arguments are read from the placeholders it is fed through, in the function form:

    placeholders = {'window': tf.placeholder(tf.float32, [None, 4]), 'label': tf.placeholder(tf.int64, [None])}
    queue = tf.FIFOQueue(20, dtypes=[ph.dtype for _, ph in placeholders.items()],
                         shapes=[ph.get_shape()[1:] for ph in placeholders.values()])
    enqueue_op = queue.enqueue_many([ph for ph in placeholders.values()])   # or list(placeholders.values())

The placeholders are held by one name of the block (``Held``): a dict literal keyed by strings, a dict made empty
(``{}``, ``dict()``, ``OrderedDict()``) then filled by ``d['k'] = placeholder(...)`` lines or by a loop over a
literal list of keys (``for k in NAMES: d[k] = placeholder(...)``, the call reading nothing of ``k`` but its
``name=``), or a list (tuple) literal of them. A dict's order is its insertion order (Python 3.7+), which is
what legacy iterated. A comprehension over it (``for p in phs``, ``.values()``, ``for k, p in d.items()``,
``.keys()``, an ``if`` only as ``p is not None``, true of every placeholder; ``d[k]`` of its key ``k`` is its
placeholder) or ``list(...)`` of it is read one
placeholder at a time: ``p.dtype`` is the call's dtype, ``p.get_shape()`` / ``p.shape`` (``.as_list()``) its
written shape, sliced (``[1:]``) where the shape is a literal list, ``k`` the key; the queue's argument becomes
that literal list (``resolved_call``), as do such lists added, a list multiplied by an int literal or by
``len(phs)`` (``[tf.float32] * len(phs)``) and a name bound once to any of these (``_listed``). The enqueue
taking all of them in order makes them the fed placeholders (``enqueued_held``), each fed as ``d['k']`` /
``phs[j]`` (``held_key``); what cannot be read so is refused with the rule it broke.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field
from types import SimpleNamespace

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, identifiers, is_none, names_in, nodes_of
from tfdata_bridge._src.migrate.feed.local_lists import folded, items_only
from tfdata_bridge._src.migrate.feed.queue import PLACEHOLDER_PARAMS

EMPTY_DICTS = ("dict", "OrderedDict", "collections.OrderedDict")
# (the class form's reader of a module's holders: its scopes and the tree's resolver, set by ``klass.class_feeds``
# so a holder handed to ``__init__`` is read at the class's callers, ``handed.py``)
SITES: ContextVar[tuple | None] = ContextVar("holder_sites", default=None)


def reader(index, v1: str | None = None):
    """What ``held`` reads a class's holders with: the module's index, its scopes and the tree's resolver (where
    ``klass.class_feeds`` was given them), the queue's TensorFlow prefix."""
    scopes, external = SITES.get() or (None, None)
    return SimpleNamespace(index=index, scopes=scopes, external=external, v1=v1)


@dataclass
class Held:
    """The placeholders one name holds, in iteration order."""
    name: str
    keys: list  # str keys of a dict, or the int positions of a list
    calls: list[cst.Call]
    stmts: list[cst.BaseStatement] = field(default_factory=list)
    is_dict: bool = True
    owner: cst.FunctionDef | None = None  # handed in: the function whose parameter it is (``handed.py``)
    views: list[cst.BaseStatement] = field(default_factory=list)  # ``phs = list(d.values())``: it stays
    site: object = None  # handed in: the Finder (view) of the module whose function made the placeholders

    def refs(self) -> list[str]:
        return [f"{self.name}[{k!r}]" for k in self.keys]


def _is(node, name: str) -> bool:
    """``node`` is the holder spelled ``name``: a name, or ``self.phs`` (the class form)."""
    return isinstance(node, (cst.Name, cst.Attribute)) and cst.Module([]).code_for_node(node) == name


def _is_placeholder(finder, node) -> bool:
    return isinstance(node, cst.Call) and (finder.index.paths.get(node) or "").rsplit(".", 1)[-1] == "placeholder"


def _target(stmt) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(target, value) of a one-target assignment line."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        return stmt.body[0].targets[0].target, stmt.body[0].value
    return None


def _subscript_of(node, name: str) -> cst.BaseExpression | None:
    """``K`` for ``name[K]`` (one plain index), else None."""
    if isinstance(node, cst.Subscript) and _is(node.value, name) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        return node.slice[0].slice.value
    return None


def _literal_key(node) -> str | int | None:
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value
    if isinstance(node, cst.Integer):
        return int(node.value)
    return None


def _strings(finder, body, node, at) -> list[str] | None:
    """A literal list/tuple of strings, or a name bound once to one in ``body`` or at module level (read from
    ``at``, a line of ``body``)."""
    if isinstance(node, cst.Name):
        bound = [s for s in body if (t := _target(s)) is not None and isinstance(t[0], cst.Name)
                 and t[0].value == node.value]
        if bound:
            node = _target(bound[0])[1] if len(bound) == 1 else None
        else:
            from tfdata_bridge._src.migrate.feed.placeholders import constants_in  # (it reads this module)
            node = constants_in(finder, cst.Call(cst.Name("keys"), [cst.Arg(node)]), at).args[0].value
    if isinstance(node, (cst.List, cst.Tuple)) and all(isinstance(e.value, cst.SimpleString) and not isinstance(
            e, cst.StarredElement) for e in node.elements):
        return [e.value.evaluated_value for e in node.elements]
    return None


def held(finder, body, name: str, handed_in: bool = False) -> Held | None:
    """The placeholders ``name`` holds in ``body`` (see the module's docstring), or None where it is not such a
    holder. Refused where it is one but read some other way than the forms known. ``handed_in`` (``name`` is
    read as a holder: iterated, or enqueued): a name the block does not bind that is a parameter of its function
    (or ``self.phs = param``) is read at its callers (``handed.py``)."""
    made = [s for s in body if (t := _target(s)) is not None and _is(t[0], name)]
    if not made and "." not in name and body and handed_in:
        from tfdata_bridge._src.migrate.feed.handed import handed  # (it reads this module's holders)
        return handed(finder, body[0], name, name)
    if len(made) != 1:
        return None
    value = _target(made[0])[1]
    if isinstance(value, cst.Name) and "." in name and handed_in and value.value != name:
        local = held(finder, body, value.value, handed_in)  # ``phs = list(d.values()); self.phs = phs``
        if local is not None:
            return Held(name, list(local.keys), list(local.calls), [made[0]], local.is_dict, local.owner,
                        list(local.views))
    if isinstance(value, cst.Name) and getattr(finder, "scopes", None) is not None and handed_in:
        from tfdata_bridge._src.migrate.feed.handed import handed
        out = handed(finder, made[0], value.value, name)
        if out is not None:
            out.stmts.append(made[0])
            return out
    out = made_holder(finder, name, value, made[0])
    if out is None:
        return _viewed(finder, body, name, value, made[0], handed_in)
    _filled(finder, body, made[0], out)
    if not out.keys:
        return None
    if len(set(out.keys)) != len(out.keys):
        raise Refusal(f"the dict of placeholders `{name}` sets a key twice")
    return out


def _viewed(finder, body, name: str, value: cst.BaseExpression, made, handed_in: bool) -> Held | None:
    """``phs = list(d.values())`` (or ``list(d)`` of a list, ``tuple(...)``): a list of another holder's
    placeholders, all and in order, made on one line of the block; None where ``value`` is no such view."""
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ("list", "tuple")
            and len(value.args) == 1):
        return None
    inner = held_name(value)
    if inner is None or inner == name:
        return None
    holder = held(finder, body, inner, handed_in or iterates(value, inner))
    if holder is None or _iterated(value, holder) != "values":
        return None
    return Held(name, list(range(len(holder.keys))), list(holder.calls), [], False, holder.owner,
                [*holder.views, made])


def made_holder(finder, name: str, value: cst.BaseExpression, made) -> Held | None:
    """The holder ``value`` makes (a list or dict literal of placeholders, ``OrderedDict([('k', placeholder(...)),
    ...])``, an empty dict to be filled), or None."""
    if isinstance(value, (cst.List, cst.Tuple)) and value.elements and all(
            not isinstance(e, cst.StarredElement) and _is_placeholder(finder, e.value) for e in value.elements):
        return Held(name, list(range(len(value.elements))), [e.value for e in value.elements], [made], False)
    if isinstance(value, cst.Dict) and value.elements and all(
            isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) and _is_placeholder(finder, e.value)
            for e in value.elements):
        return Held(name, [e.key.evaluated_value for e in value.elements], [e.value for e in value.elements], [made])
    maker = cst.Module([]).code_for_node(value.func) if isinstance(value, cst.Call) and isinstance(
        value.func, (cst.Name, cst.Attribute)) else None
    if maker in EMPTY_DICTS and len(value.args) == 1 and not value.args[0].keyword and not value.args[0].star \
            and isinstance(value.args[0].value, (cst.List, cst.Tuple)) and value.args[0].value.elements:
        pairs = [e.value for e in value.args[0].value.elements]  # ``OrderedDict([('k', placeholder(...)), ...])``
        if all(not isinstance(e, cst.StarredElement) for e in value.args[0].value.elements) and all(
                isinstance(p, cst.Tuple) and len(p.elements) == 2 and isinstance(p.elements[0].value, cst.SimpleString)
                and _is_placeholder(finder, p.elements[1].value) for p in pairs):
            return Held(name, [p.elements[0].value.evaluated_value for p in pairs], [p.elements[1].value for p in pairs],
                        [made])
        return None
    if isinstance(value, cst.Dict) and not value.elements or maker in EMPTY_DICTS and not value.args:
        return Held(name, [], [], [made])
    return None


def _filled(finder, body, made, out: Held) -> None:
    """The lines after ``made`` filling an empty dict (``d['k'] = placeholder(...)``, a loop over keys), before
    anything else reads it; a fill after a read (the queue's comprehension would have seen less) is refused."""
    name, read, whole = out.name, False, bool(out.keys)  # (``whole``: a literal, not to be filled)
    for stmt in body[body.index(made) + 1:]:
        fills = (t := _target(stmt)) is not None and _subscript_of(t[0], name) is not None
        loop = isinstance(stmt, cst.For) and any(_subscript_of(a.target, name) is not None
                                                 for a in nodes_of(stmt, cst.AssignTarget))
        if (fills or loop) and (read or whole):
            raise Refusal(f"`{name}` is filled after it is made whole or read: its placeholders cannot be read "
                          "when the code is migrated")
        if fills:
            key = _literal_key(_subscript_of(t[0], name))
            if not isinstance(key, str) or not _is_placeholder(finder, t[1]):
                raise Refusal(f"`{cst.Module([]).code_for_node(stmt.body[0]).strip()}`: the dict `{name}` is filled "
                              "other than with placeholders under literal string keys")
            out.keys.append(key)
            out.calls.append(t[1])
            out.stmts.append(stmt)
        elif loop:
            _filled_in_loop(finder, body, stmt, out, made)
        elif any(_is(n, name) for n in [*nodes_of(stmt, cst.Name), *nodes_of(stmt, cst.Attribute)]):
            read = True


def _filled_in_loop(finder, body, loop: cst.For, out: Held, at) -> None:
    """``for k in NAMES: d[k] = tf.placeholder(dtype, shape, name=k)``: one placeholder per key, in order."""
    why = (f"the loop filling `{out.name}` is not `for k in [literal "
           f"keys]: {out.name}[k] = placeholder(...)` with a dtype and shape that do not depend on `k`")
    inner = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else ()
    keys = _strings(finder, body, loop.iter, at)
    t = _target(inner[0]) if len(inner) == 1 else None
    if loop.orelse is not None or loop.asynchronous is not None or not isinstance(loop.target, cst.Name) \
            or keys is None or t is None or not _is_placeholder(finder, t[1]):
        raise Refusal(why)
    key = _subscript_of(t[0], out.name)
    var = loop.target.value
    if not (isinstance(key, cst.Name) and key.value == var):
        raise Refusal(why)
    args = bind_params(t[1], PLACEHOLDER_PARAMS, "placeholder")
    if any(var in names_in(args[p]) for p in ("dtype", "shape") if p in args):
        raise Refusal(why)
    out.keys += keys
    out.calls += [t[1]] * len(keys)
    out.stmts.append(loop)


def _iterated(node: cst.BaseExpression, holder: Held) -> str | None:
    """What iterating ``node`` gives of ``holder``: ``"values"`` (the placeholders), ``"keys"``, ``"items"``."""
    if _is(node, holder.name):
        return "keys" if holder.is_dict else "values"
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) and \
            _is(node.func.value, holder.name) and holder.is_dict \
            and node.func.attr.value in ("values", "keys", "items"):
        return node.func.attr.value
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("list", "tuple") \
            and len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star:
        return _iterated(node.args[0].value, holder)
    return None


def held_name(node: cst.BaseExpression) -> str | None:
    """The name (``self.phs``) a comprehension or ``list(...)`` over a holder iterates, if any."""
    if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
        node = node.for_in.iter
    while isinstance(node, cst.Call):
        if isinstance(node.func, cst.Attribute):
            node = node.func.value
        elif isinstance(node.func, cst.Name) and node.func.value in ("list", "tuple") and len(node.args) == 1:
            node = node.args[0].value
        else:
            return None
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        return cst.Module([]).code_for_node(node)
    return node.value if isinstance(node, cst.Name) else None


def iterates(node: cst.BaseExpression, name: str) -> bool:
    """``node`` iterates ``name`` as a holder: a comprehension over it (or ``.values()`` / ``.keys()`` /
    ``.items()``), or ``list(...)`` / ``tuple(...)`` of that."""
    if isinstance(node, (cst.ListComp, cst.GeneratorExp)):
        if node.for_in.inner_for_in is not None:
            return False
        node = node.for_in.iter
    while isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value in ("list", "tuple") \
            and len(node.args) == 1:
        node = node.args[0].value
    if isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute) and \
            node.func.attr.value in ("values", "keys", "items"):
        node = node.func.value
    return _is(node, name)


def per_placeholder(node: cst.BaseExpression, holder: Held) -> list | None:
    """What ``node`` (a comprehension or ``list(...)`` over ``holder``) gives, one entry per placeholder: the
    element's node, ``("ph", j)`` for the placeholder itself; None where ``node`` does not iterate ``holder``.
    Refused where it does and reads something of it the rule below does not."""
    if isinstance(node, cst.Call):
        what = _iterated(node, holder)
        if what == "values":
            return [("ph", j) for j in range(len(holder.keys))]
        if what == "keys":
            return [cst.SimpleString(repr(k)) for k in holder.keys]
        return None
    if not isinstance(node, cst.ListComp):
        return None
    comp = node.for_in
    what = _iterated(comp.iter, holder)
    if what is None:
        return None
    rule = ("a comprehension over the placeholders is read only as `[p.dtype | p.get_shape()[i:j] | p.shape | k | p "
            "for p in phs / d.values() / for k, p in d.items()]`, `d[k]` standing for `p` where `k` is the key (one "
            "`for`; an `if` only as `p is not None`, always true of a placeholder)")
    if comp.inner_for_in is not None or comp.asynchronous is not None:
        raise Refusal(f"{rule}: `{cst.Module([]).code_for_node(node)}`")
    if what == "items":
        names = [e.value for e in comp.target.elements] if isinstance(comp.target, (cst.Tuple, cst.List)) else []
        if len(names) != 2 or not all(isinstance(n, cst.Name) for n in names):
            raise Refusal(f"{rule}: `{cst.Module([]).code_for_node(node)}`")
        key, ph = names[0].value, names[1].value
    elif isinstance(comp.target, cst.Name):
        key, ph = (comp.target.value, None) if what == "keys" else (None, comp.target.value)
    else:
        raise Refusal(f"{rule}: `{cst.Module([]).code_for_node(node)}`")
    elt = node.elt
    if key is not None and holder.is_dict:  # (``[d[k].dtype for k in d]``: ``d[k]`` is the key's own placeholder)
        ph = ph or "__placeholder__"
        elt = elt.visit(_KeyedPlaceholder(holder.name, key, ph))
    for cond in comp.ifs:  # (``if ph is not None``: a placeholder is never None, the filter keeps each one)
        test = cond.test.visit(_KeyedPlaceholder(holder.name, key, ph)) if key is not None and holder.is_dict \
            else cond.test
        if not _never_none(test, ph):
            raise Refusal(f"{rule}: `{cst.Module([]).code_for_node(node)}`")
    out = []
    for j, k in enumerate(holder.keys):
        value = _evaluated(elt, key, ph, k, j, holder)
        if value is None:
            raise Refusal(f"{rule}: `{cst.Module([]).code_for_node(node)}`")
        out.append(value)
    return out


def _never_none(test: cst.BaseExpression, ph: str | None) -> bool:
    """``test`` is true of every placeholder ``ph``: ``ph is not None``, ``not ph is None``, ``None is not ph``,
    such tests joined by ``and``/``or``."""
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and \
            isinstance(test.expression, cst.UnaryOperation) and isinstance(test.expression.operator, cst.Not):
        test = test.expression.expression
    if isinstance(test, cst.BooleanOperation):
        left, right = _never_none(test.left, ph), _never_none(test.right, ph)
        return left and right if isinstance(test.operator, cst.And) else left or right
    negated = isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
    if negated:
        test = test.expression
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1 or ph is None:
        return False
    op, right = test.comparisons[0].operator, test.comparisons[0].comparator
    sides = {type(test.left), type(right)}
    names = [e.value for e in (test.left, right) if isinstance(e, cst.Name)]
    if sides != {cst.Name} or sorted(names) != sorted([ph, "None"]):
        return False
    return isinstance(op, cst.IsNot) != negated if isinstance(op, (cst.Is, cst.IsNot)) else False


class _KeyedPlaceholder(cst.CSTTransformer):
    """``d[k]`` (``d`` the holder, ``k`` the comprehension's key) as the name ``ph`` of its placeholder."""

    def __init__(self, holder: str, key: str, ph: str) -> None:
        super().__init__()
        self.holder, self.key, self.ph = holder, key, ph

    def leave_Subscript(self, original, updated):
        index = original.slice[0].slice if len(original.slice) == 1 else None
        if _is(original.value, self.holder) and isinstance(index, cst.Index) and \
                isinstance(index.value, cst.Name) and index.value.value == self.key:
            return cst.Name(self.ph)
        return updated


def _evaluated(elt, key, ph, k, j, holder: Held):
    if isinstance(elt, cst.Name) and elt.value == key and key != "_":
        return cst.SimpleString(repr(k))
    if isinstance(elt, cst.Name) and elt.value == ph:
        return ("ph", j)
    call = holder.calls[j]
    if isinstance(elt, cst.Attribute) and isinstance(elt.value, cst.Name) and elt.value.value == ph:
        if elt.attr.value == "dtype":
            dtype = bind_params(call, PLACEHOLDER_PARAMS, "placeholder").get("dtype")
            return dtype
        if elt.attr.value == "shape":
            return _shape_of(call, holder, j)
        return None
    if isinstance(elt, cst.Call) and not elt.args and isinstance(elt.func, cst.Attribute):
        if isinstance(elt.func.value, cst.Name) and elt.func.value.value == ph and elt.func.attr.value == "get_shape":
            return _shape_of(call, holder, j)
        if elt.func.attr.value == "as_list":
            return _evaluated(elt.func.value, key, ph, k, j, holder)
        return None
    if isinstance(elt, cst.Subscript) and len(elt.slice) == 1 and isinstance(elt.slice[0].slice, cst.Slice):
        whole = _evaluated(elt.value, key, ph, k, j, holder)
        cut = elt.slice[0].slice
        bounds = [None if b is None else _int(b) for b in (cut.lower, cut.upper)]
        if not isinstance(whole, (cst.List, cst.Tuple)) or cut.step is not None or "bad" in bounds:
            return None
        return cst.List([cst.Element(e.value) for e in whole.elements[bounds[0]:bounds[1]]])
    return None


def _int(node) -> int | str:
    if isinstance(node, cst.Integer):
        return int(node.value)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and \
            isinstance(node.expression, cst.Integer):
        return -int(node.expression.value)
    return "bad"


def _shape_of(call: cst.Call, holder: Held, j: int) -> cst.BaseExpression:
    shape = bind_params(call, PLACEHOLDER_PARAMS, "placeholder").get("shape")
    if is_none(shape) or not isinstance(shape, (cst.List, cst.Tuple)) or any(
            isinstance(e, cst.StarredElement) for e in shape.elements):
        raise Refusal(f"the queue reads the shape of `{holder.refs()[j]}`, which is not a literal list")
    return shape


def _bound_once(call: cst.Call, body, node: cst.BaseExpression, bound: list | None = None,
                lines: dict | None = None) -> cst.BaseExpression:
    """What the queue's argument ``node`` stands for: where it is a name bound once in ``body`` (``dtypes = [p.dtype
    for p in phs]`` a line above the queue) and read nowhere else of it, the expression it is bound to; else
    ``node``. A name read or changed elsewhere (``dtypes.append(...)``) stays a name (and is refused as one)."""
    if not isinstance(node, cst.Name):
        return node
    binds = [s for s in body if (t := _target(s)) is not None and isinstance(t[0], cst.Name)
             and t[0].value == node.value]
    if len(binds) != 1:
        return node
    made = binds[0]
    at = next((i for i, s in enumerate(body) if any(c is call for c in nodes_of(s, cst.Call))
               and isinstance(s, cst.SimpleStatementLine)), None)
    if at is None:
        return node
    first, then = (lines or {}).get(made), (lines or {}).get(body[at])
    if (first >= then) if first is not None and then is not None else body.index(made) >= at:
        return node  # (bound after the queue's line)
    allowed = {id(_target(made)[0]), id(node)}
    value = _target(made)[1]
    # (a literal list whose other reads only read its items, ``dtypes[0]`` of a placeholder: its line stays,
    # ``local_lists.py``)
    others = {id(n) for s in body for n in identifiers(s) if n.value == node.value} - allowed
    if others and not (isinstance(value, (cst.List, cst.Tuple)) and items_only(body, node.value, others)):
        return node
    if node.value in names_in(value):
        return node
    if bound is not None and not others:
        bound.append(made)  # (read by the queue alone: it goes with it)
    return value


def resolved_call(finder, call: cst.Call, body, bound: list | None = None) -> cst.Call:
    """The queue's call with each argument that is a comprehension (or ``list(...)``) over a holder of
    placeholders of ``body`` replaced by the literal list it gives; an argument that is a name bound once in
    ``body`` to such a comprehension (or to a literal list) and read nowhere else is read as its value (that
    line into ``bound``: it goes with the queue)."""
    args = []
    for arg in call.args:
        arg = arg.with_changes(value=_bound_once(call, body, arg.value, bound, getattr(
            getattr(finder, "index", None), "lines", None)))
        took: list = []  # (the names bound once it reads: they go with the queue where it is read so)
        value = _listed(finder, body, arg.value, SimpleNamespace(call=call, bound=took, lines=getattr(
            getattr(finder, "index", None), "lines", None)))
        if value is not None:
            arg = arg.with_changes(value=value)
            if bound is not None:
                bound.extend(took)
        args.append(arg)
    return call.with_changes(args=args)


def _listed(finder, body, node: cst.BaseExpression, at, depth: int = 0) -> cst.List | None:
    """``node`` as the literal list it gives where that is known when the code is migrated: a comprehension (or
    ``list(...)``) over a holder of placeholders, a list literal, ``A + B`` of two such, ``[x] * n`` (``n`` an
    int literal or ``len(holder)``), within these a name bound once to one of them (``at``: the queue's call, and
    where such a binding goes with it, ``_bound_once``); None where it is none of these (the queue reads it as it is
    written)."""
    if depth > 8:
        return None
    if depth and isinstance(node, cst.Name):
        value = _bound_once(at.call, body, node, at.bound, at.lines)
        return None if value is node else _listed(finder, body, value, at, depth + 1)
    if isinstance(node, (cst.ListComp, cst.Call)) and not _is_len(node):
        # (``[s[1:] for s in shapes]`` over a literal list bound in the block: ``local_lists.py``)
        if (value := folded(node, lambda n: _bound_once(at.call, body, n, at.bound, at.lines))) is not None:
            return value
        name = held_name(node)
        holder = held(finder, body, name, iterates(node, name)) if name else None
        entries = per_placeholder(node, holder) if holder is not None else None
        if entries is None:
            return None
        if any(isinstance(e, tuple) or e is None for e in entries):
            raise Refusal(f"the queue's argument `{cst.Module([]).code_for_node(node)}` gives the "
                          "placeholders themselves, or an unwritten dtype, where a literal list is wanted")
        return cst.List([cst.Element(e) for e in entries])
    if depth and isinstance(node, (cst.List, cst.Tuple)):
        if any(isinstance(e, cst.StarredElement) for e in node.elements):
            return None
        return cst.List([cst.Element(e.value) for e in node.elements])
    if not isinstance(node, cst.BinaryOperation) or node.lpar:
        return None
    if isinstance(node.operator, cst.Add):
        left, right = _listed(finder, body, node.left, at, depth + 1), _listed(finder, body, node.right, at, depth + 1)
        if left is None or right is None:
            return None
        return cst.List([*left.elements, *right.elements])
    if isinstance(node.operator, cst.Multiply):
        for items, times in ((node.left, node.right), (node.right, node.left)):
            listed = _listed(finder, body, items, at, depth + 1)
            count = _count(finder, body, times)
            if listed is not None and count is not None:
                if not all(_pure(e.value) for e in listed.elements):
                    return None  # (a call repeated would be made once per copy: not the value legacy built)
                return cst.List([cst.Element(e.value) for _ in range(count) for e in listed.elements])
    return None


def _is_len(node) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "len"


def _count(finder, body, node) -> int | None:
    """``n`` of ``[x] * n``: a non-negative int literal, or ``len(holder)`` of a holder of placeholders."""
    if isinstance(node, cst.Integer):
        return int(node.value)
    if _is_len(node) and len(node.args) == 1 and not node.args[0].star and node.args[0].keyword is None and \
            isinstance(node.args[0].value, (cst.Name, cst.Attribute)):
        name = cst.Module([]).code_for_node(node.args[0].value)
        holder = held(finder, body, name, True)
        return len(holder.keys) if holder is not None else None
    return None


def _pure(node) -> bool:
    """A dtype written ``tf.float32`` / ``'float32'`` / a name: the same value however often it is written."""
    return isinstance(node, (cst.Name, cst.SimpleString)) or isinstance(node, cst.Attribute) and _pure(node.value)


def enqueued_held(finder, items: cst.BaseExpression, body) -> Held | None:
    """The holder whose placeholders, all and in order, ``items`` (what the enqueue takes) is: a comprehension
    or ``list(...)`` over it, or its name (a list). None where ``items`` is no such thing."""
    name = cst.Module([]).code_for_node(items) if isinstance(items, (cst.Name, cst.Attribute)) else \
        held_name(items) if isinstance(items, (cst.ListComp, cst.Call)) else None
    holder = held(finder, body, name, isinstance(items, (cst.Name, cst.Attribute)) or iterates(items, name)) \
        if name else None
    if holder is None:
        return None
    if isinstance(items, (cst.Name, cst.Attribute)):
        return None if holder.is_dict else holder  # (a dict enqueued whole: a named queue's, ``class_init.py``)
    entries = per_placeholder(items, holder)
    if entries is None:
        return None
    if entries != [("ph", j) for j in range(len(holder.keys))]:
        raise Refusal(f"the enqueue's `{cst.Module([]).code_for_node(items)}` is not the placeholders of `{name}`")
    return holder


def held_key(holder: Held, base):
    """The loop's key for the function form once the fed placeholders are ``holder``'s: ``d['k']`` / ``phs[j]``
    read as the placeholder it is, any other node as ``base`` reads it."""
    def key(node):
        index = _subscript_of(node, holder.name)
        k = _literal_key(index) if index is not None else None
        if k is not None and k in holder.keys:
            return f"{holder.name}[{k!r}]"
        return base(node)
    return key


def zip_keys(holder: Held):
    """Whether a ``dict(zip(KEYS, values))``'s KEYS are the holder's placeholders in order: ``d.values()`` /
    ``list(d.values())`` of a dict, the list's name (``zip(d, ...)`` zips a dict's keys, no placeholders)."""
    return lambda node: _iterated(node, holder) == "values"
