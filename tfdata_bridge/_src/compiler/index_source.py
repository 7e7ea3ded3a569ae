"""The source of an index-producer spec (``Producer.indexed(fn, count)``, on threads): tf.data makes the
indices and calls ``fn(i)`` itself, so where the iterator stands is tf.data's state, and
``tf.train.Checkpoint(iterator=...)`` saves it and restores it mid-epoch in a new process (issue 19, item 4).

For each producer, ``Dataset.range(count)`` is mapped through ``fn`` (a ``tf.numpy_function``, one call per
index), its ``threads`` the map's parallel calls (then the elements arrive as they are made, each index once;
one thread keeps index order); several producers take turns, an index each (``choose_from_datasets``). What ``fn(i)``
returns is converted and checked as a channel's element is (``runtime/elements.py``), and its exception
reaches the consumer as the thread path's does (``runtime/failures.py``: the bridge iterator raises the
original). The function is declared stateless: element ``i`` is ``fn(i)``, whenever it is called, which is the
index producer's promise, so tf.data may save the position (a stateful one is refused: "PyFunc is
stateful"). The map's results read ahead, the shuffle buffer and the batch being built are saved with it.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from tfdata_bridge._src.runtime import failures
from tfdata_bridge._src.runtime.crossing import structure, tensor_spec
from tfdata_bridge._src.runtime.elements import ElementConverter, stack
from tfdata_bridge._src.spec.pipeline import PipelineSpec
from tfdata_bridge._src.spec.producer import Producer
from tfdata_bridge._src.spec.signature import numpy_dtype
from tfdata_bridge._src.tf import plain, tf


def dataset(spec: PipelineSpec) -> tf.data.Dataset:
    """Every index producer's elements, as the queue would hold them (before its shuffle and batch)."""
    queue = spec.queue.name or f"{spec.queue.kind}_queue"
    producers = spec.producers
    if len(producers) == 1:
        made = _made(producers[0], spec, queue, rows=producers[0].enqueue_many)
        return made.unbatch() if producers[0].enqueue_many else made
    # The producers take turns, one index each, each to its end (legacy's enqueue ops interleaved as they ran).
    # The turns are finite, the count of each producer's indices known: after a restore, tf.data's
    # choose_from_datasets over an endless selector does not see that every input has ended, and waits forever
    # (TensorFlow 2.21). Each index's value is a batch of rows (one row where it makes one element).
    counts = tf.constant([p.calls for p in producers], tf.int64)
    turns = tf.data.Dataset.range(max(p.calls for p in producers)).flat_map(
        plain(lambda j: tf.data.Dataset.from_tensor_slices(tf.where(counts > j)[:, 0])))
    made = [_made(p, spec, queue, rows=True) for p in producers]
    return tf.data.Dataset.choose_from_datasets(made, turns).unbatch()


def _made(producer: Producer, spec: PipelineSpec, queue: str, rows: bool) -> tf.data.Dataset:
    """``fn(i)`` for each index, in turn or (threads) as made; with ``rows``, each a batch of rows."""
    signature = spec.queue.element_signature
    converter = ElementConverter(signature, producer.label)
    np_dtypes = [numpy_dtype(d) for d in signature.dtypes]
    dtypes = [tf.dtypes.as_dtype(d) for d in signature.dtypes]
    many = producer.enqueue_many

    def make(index: np.int64) -> list[np.ndarray]:
        i = int(index)
        try:
            try:
                value = producer.fn(i)
            except StopIteration as stop:  # (tf.data would take it for the end of the data: index i is lost)
                raise RuntimeError(f"index producer {producer.label!r} raised StopIteration for index {i}: an "
                                   f"index producer makes element i for every i in range({producer.calls}); end "
                                   "the data with the count instead") from stop
            if many:
                made = converter.many(value, i)
                if not made:
                    return [np.zeros((0, *(signature.shape(c) or ())), dt) for c, dt in enumerate(np_dtypes)]
                return stack(made, np_dtypes, pad=False)
            element = converter.one(value, i)
            return [np.expand_dims(c, 0) for c in element] if rows else list(element)
        except BaseException as error:  # noqa: BLE001 - it reaches the consumer, claimed back by its iterator
            raise failures.mark(error, producer=producer.label, thread=threading.current_thread().name,
                                queue=queue) from None

    shapes = tensor_spec(signature, None if rows else ())
    flat = tf.nest.flatten(shapes)

    def call(index: Any) -> Any:
        values = tf.numpy_function(make, [index], dtypes, stateful=False, name="index_producer")
        for value, spec_ in zip(values, flat):
            value.set_shape(spec_.shape)
        return structure(signature, list(values))

    indices = tf.data.Dataset.range(producer.calls)
    if producer.threads == 1:
        made = indices.map(plain(call))
    else:
        made = indices.map(plain(call), num_parallel_calls=producer.threads, deterministic=False)
    return made
