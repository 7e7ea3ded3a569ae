"""tfdata_bridge: TensorFlow 1.x queue-based input pipelines on tf.data.

- ``pipeline(...)`` / ``PipelineSpec``: describe a queue-style pipeline; ``compile(spec)`` gives a
  ``tf.data.Dataset``, ``explain(spec)`` the equivalent hand-written tf.data code.
- ``FIFOQueue``, ``RandomShuffleQueue``, ``PaddingFIFOQueue``, ``PriorityQueue``: eager queues with the
  ``tf.queue`` interface, and ``as_dataset()`` to read them from tf.data.
- ``tfdata_bridge.compat.v1``: the drop-in for ``tensorflow.compat.v1``.
- ``is_native(pipeline)``: whether a dataset or a drop-in pipeline runs with no Python op and no legacy
  queue or reader op (``native_report`` says which ops).
- ``worker_info()``: in a producer run by process workers (``pipeline(..., workers=N)``), which worker
  this is (``id``, ``num_workers``, ``seed``); ``None`` elsewhere. Imports no TensorFlow. A worker's
  death reaches the consumer as ``WorkerDiedError``; an exception that cannot cross as itself as
  ``WorkerError``.
- ``distribute(pipeline, service)``: a native pipeline (a dataset, or ``dataset_of(tensors)``: the
  dataset behind a drop-in batch call) through the tf.data service; a Python producer is refused.
  ``iterator_saveable(tensors)``: a drop-in pipeline's iterator state for a ``Saver`` (resume
  mid-epoch). ``materialized(dir)``: what ``tfdata-bridge materialize`` wrote (a Python producer's
  output in TFRecord files), as a native dataset. See docs/scaling-out.md.
- ``configure(service=..., workers=N)``: process-wide settings of the drop-in, each also an environment
  variable. ``TFDATA_BRIDGE_SERVICE``: its native batch calls through the tf.data service;
  ``TFDATA_BRIDGE_WORKERS=N``: its zero-input ``py_func`` producers in N worker processes (the function must
  pickle, and shards itself with ``worker_info()``). Imports no TensorFlow.
- ``tfdata_bridge.migrate``: find legacy queue code (``scan``) and rewrite it (``rewrite``); needs no TensorFlow.

TensorFlow is imported at the first use of a public name here (and by ``import tfdata_bridge.compat.v1``),
so ``tfdata_bridge.migrate`` and the ``tfdata-bridge`` command start without it. Without TensorFlow >= 2.16
that first use raises ``ImportError`` naming what to install.
"""

from __future__ import annotations

import importlib
from typing import Any

from tfdata_bridge._src.config import configure
from tfdata_bridge._src.runtime.worker_errors import WorkerDiedError, WorkerError
from tfdata_bridge._src.runtime.worker_info import WorkerInfo, worker_info

__version__ = "0.1.0"

# public name -> module that defines it; each is imported (with TensorFlow) at its first use
_LAZY: dict[str, str] = {
    "Consumer": "tfdata_bridge._src.spec",
    "FIFOQueue": "tfdata_bridge._src.queues",
    "PaddingFIFOQueue": "tfdata_bridge._src.queues",
    "PipelineSpec": "tfdata_bridge._src.spec",
    "PriorityQueue": "tfdata_bridge._src.queues",
    "Producer": "tfdata_bridge._src.spec",
    "QueueSpec": "tfdata_bridge._src.spec",
    "RandomShuffleQueue": "tfdata_bridge._src.queues",
    "Signature": "tfdata_bridge._src.spec",
    "compile": "tfdata_bridge._src.compiler.dataset",
    "dataset_of": "tfdata_bridge._src.compat.pipeline_datasets",
    "distribute": "tfdata_bridge._src.scaling.service",
    "explain": "tfdata_bridge._src.compiler.explain",
    "is_native": "tfdata_bridge._src.native",
    "iterator_saveable": "tfdata_bridge._src.scaling.checkpoint",
    "materialized": "tfdata_bridge._src.scaling.materialize",
    "native_report": "tfdata_bridge._src.native",
    "pipeline": "tfdata_bridge._src.spec",
}

__all__ = [
    "Consumer",
    "FIFOQueue",
    "PaddingFIFOQueue",
    "PipelineSpec",
    "PriorityQueue",
    "Producer",
    "QueueSpec",
    "RandomShuffleQueue",
    "Signature",
    "WorkerDiedError",
    "WorkerError",
    "WorkerInfo",
    "compile",
    "configure",
    "dataset_of",
    "distribute",
    "explain",
    "is_native",
    "iterator_saveable",
    "materialized",
    "native_report",
    "pipeline",
    "worker_info",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tfdata_bridge' has no attribute {name!r}")
    importlib.import_module("tfdata_bridge._src.tf")  # fails here, with the fix, without TensorFlow >= 2.16
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
