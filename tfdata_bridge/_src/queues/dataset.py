"""``as_dataset()`` of the eager queues: a ``tf.data.Dataset`` that reads a queue's channel in chunks.

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

import itertools
import warnings
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from tfdata_bridge._src import plan
from tfdata_bridge._src.compiler.dataset import structure, tensor_spec
from tfdata_bridge._src.compiler.error_dataset import BridgeDataset
from tfdata_bridge._src.compiler.generator_source import from_generator
from tfdata_bridge._src.runtime import process_hooks
from tfdata_bridge._src.runtime.channel import Channel, ChannelClosedError
from tfdata_bridge._src.runtime.elements import Element, stack
from tfdata_bridge._src.spec.signature import Signature, numpy_dtype
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
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
    if batch_size is None:
        if allow_smaller_final_batch:
            warnings.warn(
                "as_dataset(allow_smaller_final_batch=True) has no effect without batch_size; "
                "pass batch_size=n to read batches",
                BridgeWarning, stacklevel=3,
            )
        return _installed(_elements(channel, signature, np_dtypes))
    if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) or batch_size < 1:
        raise ValueError(f"batch_size ({batch_size!r}) must be a positive int, or None for single elements")
    return _installed(_batches(channel, signature, np_dtypes, int(batch_size), pad, bool(allow_smaller_final_batch)))


def _installed(dataset: tf.data.Dataset) -> tf.data.Dataset:
    process_hooks.install(dataset)  # Ctrl-C and the exit-time collection, while it lives
    return dataset


def _elements(channel: Channel, signature: Signature, np_dtypes: list[np.dtype]) -> tf.data.Dataset:
    uniform = signature.fully_defined  # else elements may differ in shape: stack runs of equal shapes
    numbers = itertools.count()  # sequence numbers of the elements handed to tf.data, all iterations
    with tf.init_scope():  # eager, also when as_dataset() is called while a tf.function is traced
        passed = tf.Variable(-1, dtype=tf.int64, trainable=False)  # the last number that left unbatch()

    def generate() -> Iterator[Any]:
        waits = process_hooks.Interruptible()  # a Ctrl-C reaches a consumer blocked in tf.data
        handed: list[tuple[int, Element]] = []  # the last chunk: all before it has passed
        try:
            while items := waits.wait(lambda t: channel.get_available(CHUNK, t)):
                handed = [(next(numbers), item) for item in items]
                for run in _numbered_runs(handed, uniform):
                    ids = np.fromiter((i for i, _ in run), np.int64, len(run))
                    yield ids, structure(signature, stack([item for _, item in run], np_dtypes))
                handed = []
        finally:
            if handed:
                last = int(passed.numpy())
                channel.give_back([item for i, item in handed if i > last])

    def record(ids: Any, element: Any) -> Any:
        with tf.control_dependencies([passed.assign(ids)]):
            return tf.nest.map_structure(tf.identity, element)

    spec = (tf.TensorSpec([None], tf.int64), tensor_spec(signature, None))
    chunks = from_generator(generate, output_signature=spec)
    return BridgeDataset(_no_read_ahead(chunks.unbatch().map(record)))


def _batches(channel: Channel, signature: Signature, np_dtypes: list[np.dtype], batch_size: int,
             pad: bool, allow_smaller: bool) -> tf.data.Dataset:
    def generate() -> Iterator[Any]:
        waits = process_hooks.Interruptible()
        while True:
            try:
                items = waits.wait(lambda t: channel.get_many(batch_size, allow_smaller=allow_smaller, timeout=t))
            except ChannelClosedError:
                return
            yield structure(signature, stack(items, np_dtypes, pad=pad))

    spec = tensor_spec(signature, None if allow_smaller else batch_size)
    return BridgeDataset(_no_read_ahead(from_generator(generate, output_signature=spec)))


def _no_read_ahead(dataset: tf.data.Dataset) -> tf.data.Dataset:
    """Turn off the prefetch tf.data injects after the last transformation: it would take elements out
    of the queue that the consumer may never ask for (and that could not go back)."""
    options = tf.data.Options()
    options.experimental_optimization.inject_prefetch = False
    return dataset.with_options(options)


def _numbered_runs(handed: list[tuple[int, Element]], uniform: bool) -> list[list[tuple[int, Element]]]:
    if uniform:
        return [handed]
    runs = _same_shape_runs([item for _, item in handed])
    out, start = [], 0
    for run in runs:
        out.append(handed[start:start + len(run)])
        start += len(run)
    return out


def _same_shape_runs(items: Sequence[Element]) -> list[list[Element]]:
    """Split ``items`` (in order) into runs whose components have the same shapes, so each stacks."""
    runs: list[list[Element]] = []
    last = None
    for item in items:
        key = tuple(np.shape(c) for c in item)
        if key != last:
            runs.append([])
            last = key
        runs[-1].append(item)
    return runs
