"""``tfdata_bridge.distribute``: a pipeline through the tf.data service (TensorFlow's dispatcher and
workers, ``tf.data.experimental.service``), with the bridge's check that it can go there.

What it adds to ``dataset.apply(tf.data.experimental.service.distribute(...))``: it takes the tensors a
drop-in batch call returned (their dataset, ``dataset_of``) or a spec, and it refuses, before anything
reaches the dispatcher, a pipeline whose graph a worker could not run (``portable.py``): TensorFlow itself
would register it and fail in the worker, or hand out nothing.

The sharding: ``"dynamic"`` (``ShardingPolicy.DYNAMIC``, the default) gives the workers the source's
splits (file names, slices) as they ask, so each element is made once per epoch across all workers;
``"off"`` makes every worker run the whole pipeline (each element once per worker: for pipelines that
shuffle or sample); any other ``ShardingPolicy`` is passed on as it is.
"""

from __future__ import annotations

from typing import Any

from tfdata_bridge._src.scaling import portable
from tfdata_bridge._src.tf import tf

REFUSAL = portable.Refusal(
    "tfdata_bridge.distribute",
    "the tf.data service runs a pipeline's graph in its worker processes, which cannot call back into this "
    "process's Python",
    "Run the Python producer in process workers on this machine (pipeline(..., workers=N)), or move it into "
    "TensorFlow ops (files read by tf.data.TFRecordDataset, tf.data.Dataset.range or from_tensor_slices, "
    "with the work in map) and distribute that; or write its output once to TFRecord files (`tfdata-bridge "
    "materialize`) and distribute tfdata_bridge.materialized(that folder)")


def distribute(pipeline: Any, service: Any, *, sharding: Any = "dynamic", job_name: str | None = None) -> Any:
    """``pipeline`` (a ``tf.data.Dataset``, a spec, or the tensors one drop-in batch call returned) read
    through the tf.data service at ``service`` (``"grpc://host:port"`` or a ``DispatchServer``).

    ``sharding``: ``"dynamic"`` (each element once per epoch across the workers), ``"off"`` (each worker
    runs the whole pipeline), or a ``tf.data.experimental.service.ShardingPolicy``. ``job_name``: readers
    that give the same name share one job (and its elements) instead of each getting their own.

    Returns the distributed ``tf.data.Dataset`` (in graph mode, in the graph of ``pipeline``: read it with
    an iterator of its own). Raises ``ValueError`` for a pipeline holding Python or legacy queue ops.
    """
    dataset = portable.dataset(pipeline, REFUSAL)
    mode = policy(sharding)
    target = getattr(service, "target", service)
    if not isinstance(target, str) or "://" not in target:
        raise ValueError(f"tfdata_bridge.distribute: service must be the dispatcher's address as "
                         f"'grpc://host:port' (or a DispatchServer); got {service!r}")
    return dataset.apply(tf.data.experimental.service.distribute(processing_mode=mode, service=target,
                                                                 job_name=job_name))


def policy(sharding: Any) -> Any:
    """The ``ShardingPolicy`` that ``sharding`` names (``"dynamic"``, ``"off"``, or one itself)."""
    policies = tf.data.experimental.service.ShardingPolicy
    if isinstance(sharding, policies):
        return sharding
    named = {"dynamic": policies.DYNAMIC, "off": policies.OFF}
    if isinstance(sharding, str) and sharding.lower() in named:
        return named[sharding.lower()]
    raise ValueError(f"tfdata_bridge.distribute: sharding must be 'dynamic', 'off' or a "
                     f"tf.data.experimental.service.ShardingPolicy; got {sharding!r}")
