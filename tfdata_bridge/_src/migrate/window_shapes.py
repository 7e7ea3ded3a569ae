"""``read_up_to``'s windows batched whole (no ``enqueue_many``): only windows made into tensors of a fixed shape.

    keys, lines = reader.read_up_to(queue, 4)              # one window: up to 4 lines of one file
    columns = tf.decode_csv(lines, defaults)
    emg = tf.stack(columns[1:4], axis=1)
    emg.set_shape([4, 3])                                  # the window's length fixed
    xs, ys, keys = tf.train.batch([emg, columns[-1][0], keys[0]], 2)

Legacy's batch took each window as one element, and it needs fully defined shapes (it raises a ``ValueError``
where the graph is built otherwise): a program that runs fixed the window's length (``set_shape``, ``reshape``)
or took it away (an element ``[0]``, a reduction, ``tf.size``). A batched tensor that still has the window's
length (the lines themselves, a column of ``decode_csv`` of them, elementwise ops of those) is refused: legacy
could not build that batch, and a tf.data batch would. A reading of the per-record statements in program order,
not a shape inference: it only tells apart what is plainly still a window.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal

_WINDOW, _CONTAINER, _OTHER = "window", "container", "other"
_CONTAINERS = frozenset({"decode_csv", "unstack", "split", "parse_example", "parse_sequence_example"})
_SCALARS = frozenset({"size", "shape", "rank", "reshape", "ensure_shape"})


def refuse_window_batches(p) -> None:
    """``Refusal`` where a tensor the batch takes is plainly still a window of ``read_up_to`` (see above)."""
    kinds: dict[str, str] = {n: _WINDOW for n in p.source.params if n != "_"}
    inlined = list(getattr(p.source, "inlined", None) or ())
    statements = [*[s for s in inlined if not any(s is m for m in p.intermediates)], *p.intermediates]
    for stmt in statements:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                for t in small.targets:
                    _bind(t.target, small.value, kinds)
            elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
                    isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "set_shape" and \
                    isinstance(small.value.func.value, cst.Name):
                kinds[small.value.func.value.value] = _OTHER  # (its shape fixed from here on)
    tensors = p.args.get("tensors")
    items = [e.value for e in tensors.elements] if isinstance(tensors, (cst.List, cst.Tuple)) else \
        [e.value for e in tensors.elements if isinstance(e, cst.DictElement)] if isinstance(tensors, cst.Dict) else \
        [tensors] if tensors is not None else []
    for item in items:
        if _kind(item, kinds) != _OTHER:
            shown = cst.Module([]).code_for_node(item)
            raise Refusal(f"`read_up_to` batches without enqueue_many=True a window whole (`{shown}`): its length is "
                          "known only when it is read, and legacy's batch needs fully defined shapes (fix it with "
                          "`set_shape`, or take the rows apart with enqueue_many=True); not rewritten")


def _bind(target: cst.BaseExpression, value: cst.BaseExpression, kinds: dict[str, str]) -> None:
    if isinstance(target, cst.Name):
        kinds[target.value] = _kind(value, kinds)
    elif isinstance(target, (cst.Tuple, cst.List)):
        elements = [e.value for e in target.elements]
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(elements) and \
                not any(isinstance(e, cst.StarredElement) for e in value.elements):
            for t, v in zip(elements, [e.value for e in value.elements]):
                _bind(t, v, kinds)
            return
        whole = _kind(value, kinds)
        for t in elements:
            for name in _names(t):
                kinds[name] = _WINDOW if whole == _CONTAINER else whole


def _names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, cst.StarredElement):
        return _names(target.value)
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _names(e.value)]
    return []


def _last(func: cst.BaseExpression) -> str | None:
    return func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None


def _kind(expr: cst.BaseExpression, kinds: dict[str, str]) -> str:
    if isinstance(expr, cst.Name):
        return kinds.get(expr.value, _OTHER)
    if isinstance(expr, cst.Subscript):
        base = _kind(expr.value, kinds)
        sliced = any(isinstance(s.slice, cst.Slice) for s in expr.slice)
        if base == _CONTAINER:
            return _CONTAINER if sliced else _WINDOW
        return _WINDOW if base == _WINDOW and sliced else _OTHER
    if isinstance(expr, cst.Call):
        name = _last(expr.func)
        positional = [a.value for a in expr.args if a.keyword is None and not a.star]
        inner = [_kind(a, kinds) for a in positional]
        windowed = any(k != _OTHER for k in inner)
        if name in _SCALARS:
            return _OTHER
        if name in _CONTAINERS:
            return _CONTAINER if windowed else _OTHER
        if name is not None and name.startswith("reduce_"):
            axis = [a.value for a in expr.args if a.keyword is not None and a.keyword.value == "axis"] + \
                positional[1:2]
            if not axis or isinstance(axis[0], cst.Name) and axis[0].value == "None" or \
                    isinstance(axis[0], cst.Integer) and axis[0].value == "0":
                return _OTHER
        if name in ("stack", "concat") and positional and isinstance(positional[0], (cst.List, cst.Tuple)):
            return _WINDOW if any(_kind(e.value, kinds) != _OTHER for e in positional[0].elements) else _OTHER
        return _WINDOW if windowed else _OTHER
    if isinstance(expr, cst.BinaryOperation):
        return _WINDOW if _WINDOW in (_kind(expr.left, kinds), _kind(expr.right, kinds)) else _OTHER
    if isinstance(expr, cst.UnaryOperation):
        return _kind(expr.expression, kinds)
    if isinstance(expr, (cst.List, cst.Tuple)):
        return _CONTAINER if any(_kind(e.value, kinds) != _OTHER for e in expr.elements) else _OTHER
    return _OTHER


__all__ = ["refuse_window_batches"]
