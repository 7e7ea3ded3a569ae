"""A queue component enqueued through a per-component op on its fed placeholder (the speech loader's form):

    self.labels = tf.sparse_placeholder(tf.int32)
    self.lengths = tf.placeholder(tf.int64, [None])
    self.enqueue_op = self.queue.enqueue([self.inputs, tf.cast(self.lengths, tf.int32),
                                          tf.sparse_tensor_to_dense(self.labels, default_value=-1)])

The generator still yields what was fed (``feed.loop``); the op runs in a ``map`` right after ``from_generator``,
on that component alone, as legacy ran it on the fed value before the enqueue. A sparse placeholder's fed value
(a ``SparseTensorValue`` or an ``(indices, values, dense_shape)`` triple) is yielded as its three arrays, typed
as the placeholder (legacy's feed converts them so), and made a ``SparseTensor`` again inside the ``map``.
Taken: the op is one of ``_OPS`` (by its TensorFlow path), its first positional argument is the placeholder
attribute itself, and no other argument reads the instance (``default_value=-1``, ``tf.int32``); in the function
form (``placeholders.py``: ``queue.enqueue([tf.cast(ids, tf.int32), ...])`` in the block a module-level feeder
function feeds) a placeholder name of the block, no other argument reading one. A sparse placeholder enqueued
other than through a to-dense op is refused (``class_init.py``, ``placeholders.py``). Nothing here runs unless
the enqueue's literal list holds a call of one of ``_OPS``.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind_params, nodes_of
from tfdata_bridge._src.migrate.feed.members import self_attr
from tfdata_bridge._src.migrate.feed.queue import PLACEHOLDER_PARAMS

_TO_DENSE = ("sparse_tensor_to_dense", "sparse.to_dense")
_OPS = (*_TO_DENSE, "cast", "to_float", "to_int32", "to_int64", "to_double", "identity")


def _op(index, call: cst.Call) -> str | None:
    path = index.paths.get(call) or ""
    return next((o for o in _OPS if path == o or path.endswith("." + o)), None)


_DERIVING = ("shape", "size", "rank", "cast", "to_int32", "to_int64", "to_float", "to_double")


class Derived(tuple):
    """A component computed from a placeholder the enqueue also takes bare (``tf.shape(ph)[0]``): a wrap of the
    placeholder's value (its text with ``{}``, the placeholder's dtype, not sparse) whose yielded value is the
    value of component ``of``, so its spec is that component's."""
    of: int = 0


def _derived(index, expr, key, placeholders: dict, bare: dict[str, int]):
    """(the placeholder, the expression's text with ``{}`` for it) where ``expr`` computes a value from one
    placeholder the enqueue takes bare, through ``_DERIVING`` ops (by TensorFlow path), subscripts and
    literals alone; else None."""
    refs = [n for n in [*nodes_of(expr, cst.Attribute), *nodes_of(expr, cst.Name)] if key(n) in placeholders]
    if not refs or len({key(n) for n in refs}) != 1 or key(refs[0]) not in bare:
        return None
    for call in nodes_of(expr, cst.Call):
        path = index.paths.get(call) or ""
        if not any(path == o or path.endswith("." + o) for o in _DERIVING) or any(a.star for a in call.args):
            return None
    inner = {id(m) for r in refs for m in [r, *nodes_of(r, cst.Name)]}
    chains = {id(x) for a in nodes_of(expr, cst.Attribute) for x in (a.value, a.attr)}  # (``tf.shape``, ``tf.int32``)
    if any(id(n) not in inner and id(n) not in chains for n in nodes_of(expr, cst.Name)):
        return None
    text = cst.Module([]).code_for_node(expr.visit(_Swap({id(r) for r in refs})))
    return key(refs[0]), text.replace("__WRAPPED__", "{}")


class _Swap(cst.CSTTransformer):
    def __init__(self, ids: set[int]) -> None:
        self.ids = ids

    def leave_Attribute(self, original, updated):
        return cst.Name("__WRAPPED__") if id(original) in self.ids else updated

    def leave_Name(self, original, updated):
        return cst.Name("__WRAPPED__") if id(original) in self.ids else updated


def unwrapped(index, items, self_name: str | None, placeholders: dict, named: bool, bound: dict | None = None,
              gone: list | None = None):
    """``items`` with each wrapped placeholder read as the placeholder itself, and the wraps (``Init.wraps``).
    ``placeholders``: the statements making them, by attribute of ``self_name`` (the class form) or, with
    ``self_name`` None, by local name (the function form, ``placeholders.py``). A component computed from a
    placeholder the enqueue also takes bare (``[ph, tf.shape(ph)[0]]``, or a name ``bound`` once to that and read
    by the enqueue alone, whose statement goes into ``gone``) is read as that placeholder too, a ``Derived`` wrap:
    the ``map`` after ``from_generator`` computes it, in the queue's component order."""
    if not isinstance(items, (cst.List, cst.Tuple)):
        return items, {}
    items, wraps = _unwrapped(index, items, self_name, placeholders, named)
    key = (lambda n: self_attr(n, self_name)) if self_name is not None else (  # noqa: E731
        lambda n: n.value if isinstance(n, cst.Name) else None)
    bare = {}
    for j, e in enumerate(items.elements):
        if key(e.value) in placeholders and j not in wraps:
            bare.setdefault(key(e.value), j)
    if not bare:
        return items, wraps
    elements = list(items.elements)
    for j, e in enumerate(elements):
        if j in wraps or key(e.value) in placeholders:
            continue
        expr, stmt = e.value, None
        if isinstance(expr, cst.Name) and bound and expr.value in bound:
            stmt = bound[expr.value]
            expr = stmt.body[0].value
        found = _derived(index, expr, key, placeholders, bare)
        if found is None:
            continue
        if named:
            raise Refusal(f"the enqueue takes `{cst.Module([]).code_for_node(e.value)}` into a queue with names=: "
                          "not rewritten")
        ph, text = found
        maker = placeholders[ph].body[0].value
        dtype = bind_params(maker, PLACEHOLDER_PARAMS, "placeholder").get("dtype")
        if dtype is None:
            continue
        wrap = Derived((text, cst.Module([]).code_for_node(dtype), False))
        wrap.of = bare[ph]
        wraps[j] = wrap
        elements[j] = e.with_changes(value=elements[bare[ph]].value)
        if stmt is not None and gone is not None:
            gone.append(stmt)
    return items.with_changes(elements=elements), wraps


def _unwrapped(index, items, self_name: str | None, placeholders: dict, named: bool):
    key = (lambda n: self_attr(n, self_name)) if self_name is not None else (  # noqa: E731
        lambda n: n.value if isinstance(n, cst.Name) else None)
    code = cst.Module([]).code_for_node
    wraps: dict[int, tuple[str, str, bool]] = {}
    elements = list(items.elements)
    for j, e in enumerate(elements):
        call = e.value
        if not isinstance(call, cst.Call) or _op(index, call) is None or not call.args \
                or call.args[0].keyword is not None or call.args[0].star:
            continue
        attr = key(call.args[0].value)
        if attr not in placeholders:
            continue
        if named:
            raise Refusal(f"the enqueue takes `{code(call)}` into a queue with names=: not rewritten")
        # (the class form: no attribute of the instance; the function form: no placeholder of the block)
        reads = (lambda n: key(n) is not None) if self_name is not None else (  # noqa: E731
            lambda n: key(n) in placeholders)
        if any(a.star or any(reads(n) for n in [*nodes_of(a.value, cst.Attribute), *nodes_of(a.value, cst.Name)])
               for a in call.args[1:]):
            raise Refusal(f"the enqueue takes `{code(call)}`, whose other arguments read what the block makes: "
                          "not rewritten")
        maker = placeholders[attr].body[0].value
        sparse = (index.paths.get(maker) or "").endswith("sparse_placeholder")
        if sparse and _op(index, call) not in _TO_DENSE:
            raise Refusal(f"the enqueue takes `{code(call)}` of a sparse placeholder: only a to-dense op is followed")
        dtype = bind_params(maker, PLACEHOLDER_PARAMS, "placeholder").get("dtype")
        if dtype is None:
            raise Refusal(f"the placeholder `{self_name}.{attr}` gives no dtype")
        first = call.args[0].with_changes(value=cst.Name("__WRAPPED__"))
        text = code(call.with_changes(args=[first, *call.args[1:]])).replace("__WRAPPED__", "{}")
        wraps[j] = (text, code(dtype), sparse)
        elements[j] = e.with_changes(value=call.args[0].value)
    return (items.with_changes(elements=elements) if wraps else items), wraps


def wrapped_source(v1: str, source: str, wraps: dict, count: int) -> tuple[str, list[str]]:
    """The generator text (``source`` a callable) with each sparse component yielded as its three arrays, and the
    ``map`` step that runs the ops (none where nothing is wrapped)."""
    if not wraps:
        return source, []
    names = [f"c{j}" for j in range(count)]
    single = count == 1
    if any(sparse for _, _, sparse in wraps.values()):
        parts = [f"tuple({n})" if j in wraps and wraps[j][2] else n for j, n in enumerate(names)]
        element = parts[0] if single else "(" + ", ".join(parts) + ")"
        target = names[0] if single else ", ".join(names)
        source = f"lambda: ({element} for {target} in {source}())"
    out = []
    for j, n in enumerate(names):
        if j in wraps:
            text, _, sparse = wraps[j]
            out.append(text.format(f"{v1}.SparseTensor(*{n})" if sparse else n))
        else:
            out.append(n)
    body = out[0] if single else "(" + ", ".join(out) + ")"
    return source, [f"map(lambda {', '.join(names)}: {body})"]


def wrapped_spec(v1: str, spec: str, wrap: tuple | None, shape: str, specs: list[str] | None = None) -> str:
    """A wrapped component's spec: the placeholder's dtype (a sparse one's three arrays); a ``Derived`` one's is
    the spec of the component it is computed from (``specs``: the components' own)."""
    if wrap is None:
        return spec
    if isinstance(wrap, Derived) and specs is not None:
        return specs[wrap.of]
    _, dtype, sparse = wrap
    if sparse:
        return (f"({v1}.TensorSpec(shape=[None, None], dtype={v1}.int64), {v1}.TensorSpec(shape=[None], "
                f"dtype={dtype}), {v1}.TensorSpec(shape=[None], dtype={v1}.int64))")
    return f"{v1}.TensorSpec(shape={shape}, dtype={dtype})"
