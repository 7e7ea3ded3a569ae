"""``as_dataset()`` of the eager queues: a ``tf.data.Dataset`` that reads a queue's channel in chunks,
through the one crossing into tf.data (``runtime/crossing.py``: a ``Shared`` channel).

tf.data pays one Python call per chunk, never one per element: without a batch size a chunk is every
element ready (up to ``CHUNK``), stacked and then split again by ``unbatch()`` in C++; with one, a chunk
is a whole batch, taken as ``dequeue_many`` (or ``dequeue_up_to``) would take it.

Nothing taken from the queue is lost when the consumer stops early (``take``, ``break``, deleting the
iterator): tf.data's injected prefetch is off (no read ahead), and without a batch size each element
carries a sequence number that a ``map`` after ``unbatch()`` records in a variable as it passes (C++,
no Python call); when the iteration ends, the elements of its last chunk that never passed go back to
the front of the queue, in their order.
"""

from __future__ import annotations

import warnings

import numpy as np

from tfdata_bridge._src import plan
from tfdata_bridge._src.compiler.error_dataset import BridgeDataset
from tfdata_bridge._src.runtime import crossing, process_hooks
from tfdata_bridge._src.runtime.channel import Channel
from tfdata_bridge._src.spec.signature import Signature
from tfdata_bridge._src.tf import tf
from tfdata_bridge._src.warnings import BridgeWarning

CHUNK = plan.CHUNK_LIMIT  # the most elements one Python call hands to tf.data when the dataset is not batched


def queue_dataset(channel: Channel, signature: Signature, *, pad: bool, batch_size: int | None,
                  allow_smaller_final_batch: bool) -> tf.data.Dataset:
    """A dataset of the elements of ``channel`` (one queue), ending when it is closed and drained.

    - ``batch_size=None``: one element at a time, in the queue's order.
    - ``batch_size=n``: batches of ``n`` (zero-padded for a padding queue). The last, smaller batch
      is not read (it stays in the queue, as ``dequeue_many`` leaves it at close) unless
      ``allow_smaller_final_batch`` (then it is what ``dequeue_up_to`` returns); without it the
      batch dimension is static.

    The queue is shared state: the dataset's reads compete with direct ``dequeue`` calls, and a
    second iteration of the dataset continues from where the queue is (it is not restartable). An
    iteration abandoned midway leaves what it did not deliver in the queue, in order. An iteration
    waiting for elements waits until some arrive or the queue is closed.
    """
    if batch_size is None:
        if allow_smaller_final_batch:
            warnings.warn(
                "as_dataset(allow_smaller_final_batch=True) has no effect without batch_size; "
                "pass batch_size=n to read batches",
                BridgeWarning, stacklevel=3,
            )
        # every element that is ready, up to CHUNK; what an early stop did not deliver goes back
        policy = crossing.Policy("chunk", CHUNK)
        return _installed(crossing.dataset(crossing.Shared(channel), policy, signature, give_back=True).dataset)
    if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) or batch_size < 1:
        raise ValueError(f"batch_size ({batch_size!r}) must be a positive int, or None for single elements")
    # a whole batch a call, as dequeue_many (or, allowing a smaller final batch, dequeue_up_to) takes it
    policy = crossing.Policy("batch", int(batch_size), batch_size=int(batch_size),
                             drop_remainder=not allow_smaller_final_batch, padded=pad)
    crossed = crossing.dataset(crossing.Shared(channel), policy, signature)
    return _installed(crossing.no_read_ahead(crossed.dataset))


def _installed(dataset: tf.data.Dataset) -> tf.data.Dataset:
    dataset = BridgeDataset(dataset)
    process_hooks.install(dataset)  # Ctrl-C and the exit-time collection, while it lives
    return dataset
