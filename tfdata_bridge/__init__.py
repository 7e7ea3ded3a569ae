"""tfdata_bridge: TensorFlow 1.x queue-based input pipelines on tf.data.

- ``pipeline(...)`` / ``PipelineSpec``: describe a queue-style pipeline; ``compile(spec)`` gives a
  ``tf.data.Dataset``, ``explain(spec)`` the equivalent hand-written tf.data code.
- ``FIFOQueue``, ``RandomShuffleQueue``, ``PaddingFIFOQueue``, ``PriorityQueue``: eager queues with the
  ``tf.queue`` interface, and ``as_dataset()`` to read them from tf.data.
- ``tfdata_bridge.compat.v1``: the drop-in for ``tensorflow.compat.v1``.
"""

from __future__ import annotations

from tfdata_bridge._src.tf import tf as _tf  # noqa: F401 - fails early, with the fix, without TensorFlow

from tfdata_bridge._src.compiler.dataset import compile
from tfdata_bridge._src.compiler.explain import explain
from tfdata_bridge._src.queues import FIFOQueue, PaddingFIFOQueue, PriorityQueue, RandomShuffleQueue
from tfdata_bridge._src.spec import Consumer, PipelineSpec, Producer, QueueSpec, Signature, pipeline

__version__ = "0.1.0"

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
    "compile",
    "explain",
    "pipeline",
]
