"""The feed-thread program: a Python thread feeds single elements (100 float32 features and an int32 label)
into a queue of capacity 100; the training loop takes batches of 32.

The data are made in memory up front (the seed reads them from a file), so every variant moves the
same arrays and the figures measure the pipeline, not the disk.

- legacy:  ``tf.compat.v1.FIFOQueue`` in graph mode, placeholders, an enqueue op run per element by a
           feeding thread with ``sess.run(enqueue_op, feed_dict=...)``, ``dequeue_many(32)`` in the loop.
- tfdata:  the naive migration: hand-written ``from_generator`` yielding one element per call,
           ``.batch(32).prefetch(2)``.
- grouped: the competent hand-written form: ``from_generator`` over the same generator in stacked
           groups of min(128, capacity) (``common.grouped``), ``.unbatch().batch(32).prefetch(2)``.
- bridge:  ``tfdata_bridge.compile(tfdata_bridge.pipeline(generator, ..., capacity=100, batch_size=32))``.
- ceiling: ``from_tensor_slices`` replay of the same arrays, ``.batch(32).prefetch(2)``.
"""

from __future__ import annotations

import threading
import time
import warnings
from typing import Any

import numpy as np
import tensorflow as tf

import tfdata_bridge
from cases.common import GROUP, TIMEOUT_S, Config, Run, Variant, drain, grouped, grouped_signature

FEATURES = 100
BATCH_SIZE = 32
# The variants take turns run by run (common.measure_interleaved): on a shared machine the load drifts,
# and bridge/grouped is a head-to-head figure.
INTERLEAVED = True
CAPACITY = 100


def make_data(elements: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    features = rng.random((elements, FEATURES), dtype=np.float32)
    labels = rng.integers(0, 10, size=elements, dtype=np.int32)
    return features, labels


def variants(config: Config) -> list[Variant]:
    batches = config.scale(320, 64)
    elements = batches * BATCH_SIZE
    features, labels = make_data(elements)

    def load_and_enqueue():  # the seed's generator: one element at a time
        for i in range(elements):
            yield features[i], labels[i]

    signature = (tf.TensorSpec([FEATURES], tf.float32), tf.TensorSpec([], tf.int32))
    tfdata = tf.data.Dataset.from_generator(load_and_enqueue, output_signature=signature)
    tfdata = tfdata.batch(BATCH_SIZE).prefetch(2)
    groups = tf.data.Dataset.from_generator(grouped(load_and_enqueue, min(GROUP, CAPACITY)), output_signature=grouped_signature(signature))
    groups = groups.unbatch().batch(BATCH_SIZE).prefetch(2)
    spec = tfdata_bridge.pipeline(
        load_and_enqueue, dtypes=[tf.float32, tf.int32], shapes=[[FEATURES], []],
        capacity=CAPACITY, batch_size=BATCH_SIZE,
    )
    bridge = tfdata_bridge.compile(spec)
    ceiling = tf.data.Dataset.from_tensor_slices((features, labels)).batch(BATCH_SIZE).prefetch(2)
    legacy = FeedProgram(tf.compat.v1, features, labels)
    return [
        Variant("legacy", legacy.run, legacy.close,
                "tf.compat.v1 FIFOQueue(100), feeding thread sess.run(enqueue, feed_dict), dequeue_many(32)"),
        Variant("tfdata", lambda: drain(tfdata, batches, BATCH_SIZE),
                description="naive migration: from_generator (one element per call).batch(32).prefetch(2)"),
        Variant("grouped", lambda: drain(groups, batches, BATCH_SIZE),
                description=f"from_generator (stacked groups of {min(GROUP, CAPACITY)}).unbatch().batch(32).prefetch(2)"),
        Variant("bridge", lambda: drain(bridge, batches, BATCH_SIZE),
                description="tfdata_bridge.compile(pipeline(generator, capacity=100, batch_size=32))"),
        Variant("ceiling", lambda: drain(ceiling, batches, BATCH_SIZE),
                description="from_tensor_slices replay of the same arrays .batch(32).prefetch(2)"),
    ]


class FeedProgram:
    """The seed's graph built with ``module`` (``tf.compat.v1`` or the drop-in) in its own ``tf.Graph``.
    The queue stays open between runs: each run feeds exactly the elements it consumes."""

    def __init__(self, module: Any, features: np.ndarray, labels: np.ndarray) -> None:
        self.features, self.labels = features, labels
        self.graph = tf.Graph()
        with self.graph.as_default(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.feature_input = module.placeholder(module.float32, shape=[FEATURES])
            self.label_input = module.placeholder(module.int32, shape=[])
            queue = module.FIFOQueue(CAPACITY, [module.float32, module.int32], shapes=[[FEATURES], []])
            self.enqueue_op = queue.enqueue([self.feature_input, self.label_input])
            self.feature_batch, self.label_batch = queue.dequeue_many(BATCH_SIZE)
            self.cancel_op = queue.close(cancel_pending_enqueues=True)
        self.module = module
        config = module.ConfigProto(operation_timeout_in_ms=int(TIMEOUT_S * 1000))
        self.sess = module.Session(graph=self.graph, config=config)

    def run(self) -> Run:
        sess, features, labels = self.sess, self.features, self.labels
        coord = self.module.train.Coordinator()

        def load_and_enqueue() -> None:
            with coord.stop_on_exception():
                for i in range(len(labels)):
                    if coord.should_stop():
                        return
                    sess.run(self.enqueue_op, feed_dict={self.feature_input: features[i],
                                                         self.label_input: labels[i]})

        start = time.perf_counter()
        thread = threading.Thread(target=load_and_enqueue, daemon=True, name="seed1-feed")
        thread.start()
        elements = 0
        try:
            for _ in range(len(labels) // BATCH_SIZE):
                feature_batch, _label_batch = sess.run([self.feature_batch, self.label_batch])
                elements += feature_batch.shape[0]
            seconds = time.perf_counter() - start
        except BaseException:
            coord.request_stop()
            sess.run(self.cancel_op)  # unblocks a feeder waiting on a full queue
            raise
        finally:
            coord.request_stop()
            coord.join([thread], stop_grace_period_secs=TIMEOUT_S)
        return Run(elements, seconds)

    def close(self) -> None:
        try:
            self.sess.run(self.cancel_op)
        finally:
            self.sess.close()
