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


def in_generator(p) -> bool:
    """The py_func generator's output signature may take ``shapes=`` as written: its outputs are the batched
    tensors themselves, in order (nothing between the py_func and the batch)."""
    return p.source.kind == "py_func" and not p.intermediates


def shaped(p, returned: list[str], code: Callable[[cst.CSTNode], str], v1: str) -> list[str]:
    """``returned`` (the batched tensors' code, one per tensor) each wrapped in ``ensure_shape`` with its
    queue shape. Refused where the shapes cannot be paired with the tensors as legacy paired them."""
    shapes = p.args["shapes"]
    if literal_bool(p.args.get("enqueue_many"), False, "enqueue_many"):
        raise Refusal("shapes= with enqueue_many=True where the element shapes come from graph ops: each tensor "
                      "is a batch whose rows have those shapes; not rewritten")
    if isinstance(p.args["tensors"], cst.Dict):
        raise Refusal("shapes= for a dict of tensors: legacy paired them in its flattened order; not rewritten")
    if not isinstance(shapes, (cst.List, cst.Tuple)) or any(isinstance(el, cst.StarredElement)
                                                            for el in shapes.elements):
        raise Refusal(f"shapes={code(shapes)} is not a literal list with one shape per batched tensor; write "
                      "the shapes out so the rewrite can set each one")
    if len(shapes.elements) != len(returned):
        # legacy: ValueError when the queue was made (its shapes and dtypes differ in length)
        raise Refusal(f"shapes= has {len(shapes.elements)} shapes for {len(returned)} batched tensors")
    return [f"{v1}.ensure_shape({t}, {code(el.value)})" for t, el in zip(returned, shapes.elements)]
