"""Eager queues with the ``tf.queue`` interface, backed by the bridge's channel, and readable from
tf.data with ``as_dataset()``."""

from __future__ import annotations

from tfdata_bridge._src.queues.base import EagerQueue
from tfdata_bridge._src.queues.kinds import FIFOQueue, PaddingFIFOQueue, PriorityQueue, RandomShuffleQueue

__all__ = ["EagerQueue", "FIFOQueue", "PaddingFIFOQueue", "PriorityQueue", "RandomShuffleQueue"]
