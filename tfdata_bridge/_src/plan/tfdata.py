"""The tf.data builder of a plan: applies ``Plan.steps`` to a dataset of the source's elements, the same
steps the printer (``plan/printer.py``) writes. Used by ``compile`` (``compiler/dataset.py``) and the drop-in
(``compat/graph_batch.py``)."""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from typing import Any

from tfdata_bridge._src import tf_private
from tfdata_bridge._src.plan.model import DROP_KEEP, KEEP, Autotune, Code, Fn, Plan, Value
from tfdata_bridge._src.tf import plain, tf

# the functions of keep_input's filter, over elements made as (element, keep) by the per-element function
_KEEP_FNS: dict[str, Callable[..., Any]] = {
    KEEP.key: lambda element, keep: keep,
    DROP_KEEP.key: lambda element, keep: element,
}


def apply(plan: Plan, dataset: Any, stages: Container[str] | None = None,
          functions: Mapping[str, Callable[..., Any]] | None = None, padded_shapes: Any = None) -> Any:
    """``dataset`` with the plan's steps (those of ``stages``, or all) applied in order. ``functions``: the
    callables of the plan's ``Fn`` arguments, by key; ``padded_shapes``: the queue's shapes for a padded
    batch (where legacy's queue fixed a dimension the elements leave unknown)."""
    fns = {**_KEEP_FNS, **(functions or {})}
    for step in plan.steps:
        if stages is not None and step.stage not in stages:
            continue
        args = [_value(a, fns) for a in step.args]
        kwargs = {k: _value(v, fns) for k, v in step.kwargs}
        if step.op == "padded_batch" and padded_shapes is not None:
            kwargs["padded_shapes"] = padded_shapes
        if step.op == "unbatch" and step.stage == "cross" and plan.crossing.transfer in ("chunk", "batches"):
            # (stacks of elements, or of whole batches, where an element may be empty)
            dataset = tf_private.split(dataset, 2 if plan.crossing.transfer == "batches" else 1)
        elif step.op == "unbatch" and not args and not kwargs:  # (without its identity map: tf_private.unbatch)
            dataset = tf_private.unbatch(dataset)
        else:
            dataset = getattr(dataset, step.op)(*args, **kwargs)
    return dataset


def _value(value: Value | Fn, fns: Mapping[str, Callable[..., Any]]) -> Any:
    if isinstance(value, Fn):
        if value.key not in fns:
            raise KeyError(f"the plan's step calls {value.text!r}: pass its function as functions[{value.key!r}]")
        return plain(fns[value.key])  # (no AutoGraph: see tf.plain)
    if isinstance(value, Autotune):
        return tf.data.AUTOTUNE
    if isinstance(value, Code):
        raise TypeError(f"a plan with source-text values ({value.text!r}) can be printed, not built")
    return value
