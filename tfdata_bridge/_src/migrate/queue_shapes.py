"""A batch call's ``shapes=`` where the batched tensors come from graph ops (a per-element ``py_func``, a reader's
decode): legacy made the batch queue with those shapes, so ``enqueue`` checked each element against them
(``QueueBase.enqueue``: ``assert_is_compatible_with`` when the graph was built, the queue op when it ran) and
the dequeued batch carried them. The rewrite sets them where the element is made: ``ensure_shape`` on each
tensor the element function returns, which checks the same way (built and run) and gives the dataset, and so
``padded_batch`` under ``dynamic_pad``, the same shapes."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none, literal_bool


def given(args: dict[str, cst.BaseExpression]) -> bool:
    return not is_none(args.get("shapes"))


def in_generator(p, code: Callable[[cst.CSTNode], str]) -> bool:
    """The py_func generator's output signature may take ``shapes=`` as written: its outputs are the batched
    tensors themselves, in order (nothing between the py_func and the batch, no op in the batch's list)."""
    if p.source.kind != "py_func" or p.intermediates:
        return False
    tensors = p.args["tensors"]
    items = [el.value for el in tensors.elements] if isinstance(tensors, (cst.List, cst.Tuple)) else [tensors]
    return [code(t) for t in items] == list(p.source.params)


def shaped(p, returned: list[str], code: Callable[[cst.CSTNode], str], v1: str) -> str:
    """The element function's return value: ``returned`` (the batched tensors' code, one per tensor) each in
    ``ensure_shape`` with its queue shape. A literal list pairs them here; any other value (``shapes=SHAPES``,
    ``cfg.shapes``) is paired when the function runs, one shape per tensor as the queue required (its
    length checked, as the queue's constructor checked it). Refused where legacy's pairing is not this one."""
    shapes = p.args["shapes"]
    if literal_bool(p.args.get("enqueue_many"), False, "enqueue_many"):
        return _rows_shaped(p, returned, code, v1)
    if isinstance(p.args["tensors"], cst.Dict):
        raise Refusal("shapes= for a dict of tensors: legacy paired them in its flattened order; not rewritten")
    literal = isinstance(shapes, (cst.List, cst.Tuple)) and not any(
        isinstance(el, cst.StarredElement) for el in shapes.elements)
    if isinstance(p.args["tensors"], cst.ListComp):  # a list built when the graph is: paired as the queue did
        return (f"tuple({v1}.ensure_shape(t, s) for t, s in zip({returned[0]}, {code(shapes)}, "
                "strict=True))")
    if not literal:
        if len(returned) == 1:
            return f"{v1}.ensure_shape({returned[0]}, *{code(shapes)})"
        return (f"tuple({v1}.ensure_shape(t, s) for t, s in zip(({', '.join(returned)}), {code(shapes)}, "
                "strict=True))")
    if len(shapes.elements) != len(returned):
        # legacy: ValueError when the queue was made (its shapes and dtypes differ in length)
        raise Refusal(f"shapes= has {len(shapes.elements)} shapes for {len(returned)} batched tensors; give one "
                      "shape per tensor")
    return ", ".join(f"{v1}.ensure_shape({t}, {code(el.value)})" for t, el in zip(returned, shapes.elements))


def _rows_shaped(p, returned: list[str], code: Callable[[cst.CSTNode], str], v1: str) -> str:
    """``shapes=`` with ``enqueue_many=True``: each tensor is a group of rows, each row of its queue shape
    (legacy's ``enqueue_many`` checked ``t.shape[1:]`` against it, built and run); so each tensor is a group of
    those shapes: ``ensure_shape(t, [None, *shape])``, which checks the same way. A literal list of literal
    shapes only (``[[window_size], [], []]``)."""
    shapes = p.args["shapes"]
    if isinstance(p.args["tensors"], cst.Dict) or isinstance(p.args["tensors"], cst.ListComp):
        raise Refusal("shapes= with enqueue_many=True over a dict or a built list of tensors; not rewritten")
    if not isinstance(shapes, (cst.List, cst.Tuple)) or any(
            not isinstance(el, cst.Element) or not isinstance(el.value, (cst.List, cst.Tuple)) or any(
                isinstance(d, cst.StarredElement) for d in el.value.elements) for el in shapes.elements):
        raise Refusal("shapes= with enqueue_many=True is not a literal list of literal shapes; not rewritten")
    rows = ["[" + ", ".join(["None", *(code(d.value) for d in el.value.elements)]) + "]" for el in shapes.elements]
    if len(returned) == 1 and len(rows) > 1 and not isinstance(p.args["tensors"], (cst.List, cst.Tuple)):
        # a name bound to the list of tensors (``tensors = [windows, axles, segments]``): paired as the queue did
        return (f"tuple({v1}.ensure_shape(t, s) for t, s in zip({returned[0]}, [{', '.join(rows)}], "
                "strict=True))")
    if len(rows) != len(returned):
        raise Refusal(f"shapes= has {len(rows)} shapes for {len(returned)} batched tensors; give one "
                      "shape per tensor")
    return ", ".join(f"{v1}.ensure_shape({t}, {r})" for t, r in zip(returned, rows))
