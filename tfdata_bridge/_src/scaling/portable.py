"""Whether a pipeline can leave this process: run on tf.data service workers, or have its iterator state
saved by tf.data. Both need a pipeline of TensorFlow ops alone (``native.py``):

- a Python op (a spec's producer, a ``py_func`` / ``py_function``, ``from_generator``, the bridge's
  channel) calls back into *this* process's Python: a service worker, another process, has no such
  function to call, and tf.data cannot save where Python code has got to;
- a legacy queue or reader op keeps its elements in this process's session (a ``FallbackWarning``
  pipeline), which a service worker does not have and tf.data does not save.

``dataset(pipeline, refusal)`` turns what the public functions take (a ``tf.data.Dataset``, a
``PipelineSpec``, or the tensors of a drop-in batch call) into the dataset, or raises the ``Refusal``'s
``ValueError`` naming the rule, what was found, and the fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tfdata_bridge._src.compat import pipeline_datasets
from tfdata_bridge._src.native import native_report
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.tf import tf


@dataclass(frozen=True)
class Refusal:
    """What a caller says when a pipeline cannot leave the process: ``who`` (``tfdata_bridge.distribute``),
    ``rule`` (why Python cannot go along), ``fix`` (what to do)."""

    who: str
    rule: str
    fix: str


def dataset(pipeline: Any, refusal: Refusal) -> Any:
    """The ``tf.data.Dataset`` of ``pipeline``, checked to hold no Python op and no legacy queue or reader
    op; ``ValueError`` (``refusal``'s words) when it holds one, ``TypeError`` for what is no pipeline."""
    if isinstance(pipeline, PipelineSpec):
        producers = ", ".join(f"{p.label} (a {p.kind} producer)" for p in pipeline.producers)
        raise ValueError(f"{refusal.who}: {refusal.rule}; this spec's producers are Python code: {producers}. "
                         f"{refusal.fix}")
    if not isinstance(pipeline, tf.data.Dataset):
        if isinstance(pipeline, (str, bytes, int, float)) or pipeline is None:
            raise TypeError(f"{refusal.who} takes a tf.data.Dataset, a PipelineSpec or the tensors of a drop-in batch "
                            f"call; got {type(pipeline).__name__} {pipeline!r}")
        try:
            made = pipeline_datasets.lookup(pipeline, refusal.who)
        except ValueError as not_recorded:
            try:  # a batch call left whole on legacy's queue (or legacy's own): its ops say why
                report = native_report(pipeline)
            except (TypeError, ValueError):
                raise not_recorded from None
            _check(report, refusal)
            raise
        pipeline = pipeline_datasets.structured(pipeline, made.portable())
    # a graph-mode dataset is its variant tensor's ops (and the functions they call) in its graph
    _check(native_report(pipeline if tf.executing_eagerly() else tf.data.experimental.to_variant(pipeline)), refusal)
    return pipeline


def _check(report: Any, refusal: Refusal) -> None:
    if report.python_ops:
        raise ValueError(f"{refusal.who}: {refusal.rule}; this pipeline holds Python ops: "
                         f"{', '.join(report.python_ops)}. {refusal.fix}")
    if report.legacy_ops:
        raise ValueError(
            f"{refusal.who}: a TensorFlow queue or reader op keeps its elements in this process's session, "
            f"which {refusal.who} cannot take along; this pipeline holds {', '.join(report.legacy_ops)}. "
            "Build it from tf.data sources: with `import tfdata_bridge.compat.v1 as tf` the drop-in lifts readers "
            "and input producers into tf.data, and its FallbackWarning names what kept a call on a queue")
