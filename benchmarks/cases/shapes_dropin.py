"""Three shapes of real legacy input code that ran below legacy's speed through the drop-in, each built
with ``tensorflow.compat.v1`` (legacy) and with ``tfdata_bridge.compat.v1`` (bridge) from one function,
and timed the same way: from the first graph op to the ``OutOfRangeError`` that ends the epoch. Each run
also records the time to the first batch from that same start (``first_batch_s``), which users of short
jobs, tests and notebooks feel most, and the process's CPU time to it (``first_batch_cpu_s``, every
thread), which a loaded machine distorts less.

- ``shape_shuffle_runners``: the "prefetch input data" pattern of large image and captioning models. A
  filename producer, ``k`` TFRecord readers each enqueuing into one hand-built ``RandomShuffleQueue``
  with a ``QueueRunner``, one ``dequeue()`` of it parsed by ``n`` preprocessing copies, joined by
  ``batch_join``.
- ``shape_padding_feed``: a Python thread feeding two ``PaddingFIFOQueue``s through placeholders (a
  variable-length sample and its id, as an audio reader does), read with ``dequeue_many``.
- ``shape_image_folder``: an image folder through ``slice_input_producer([paths, labels])`` +
  ``read_file`` + ``decode_png`` + ``resize`` + ``batch(num_threads=4)``.

Every variant's elements are counted; a run that delivers another count than legacy's fails the case.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import tensorflow as tf

from cases.common import TIMEOUT_S, Config, Run, Variant, cpu_s

CASES = ("shape_shuffle_runners", "shape_padding_feed", "shape_image_folder")
RATIO_TARGETS = [(case, "bridge", "legacy", 1.5) for case in CASES]
BATCH = 32

_data: dict[tuple[str, int], Any] = {}


def _tfrecords(files: int, records: int) -> list[str]:
    key = ("tfrecord", files * records)
    if key not in _data:
        root = tempfile.mkdtemp(prefix="tfdb-bench-shapes-")
        paths = []
        for f in range(files):
            path = os.path.join(root, f"part-{f}.tfrecord")
            with tf.io.TFRecordWriter(path) as writer:
                for i in range(f * records, (f + 1) * records):
                    writer.write(tf.train.Example(features=tf.train.Features(feature={
                        "x": tf.train.Feature(float_list=tf.train.FloatList(value=[float(i)] * 16)),
                        "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                    })).SerializeToString())
            paths.append(path)
        _data[key] = paths
    return _data[key]


def _images(count: int) -> tuple[list[str], list[int]]:
    key = ("png", count)
    if key not in _data:
        root = tempfile.mkdtemp(prefix="tfdb-bench-images-")
        rng = np.random.default_rng(0)
        paths = []
        for i in range(count):
            path = os.path.join(root, f"img-{i:05d}.png")
            pixels = rng.integers(0, 256, (48, 48, 3), dtype=np.uint8)
            tf.io.write_file(path, tf.io.encode_png(pixels))
            paths.append(path)
        _data[key] = (paths, list(range(count)))
    return _data[key]


def _drain(tf1: Any, sess: Any, fetch: Any, start: float, cpu: float) -> tuple[int, dict[str, float]]:
    """Run ``fetch`` until the epoch ends: (elements, the first batch's seconds and CPU seconds, from
    ``start`` and ``cpu``)."""
    elements, first = 0, None
    try:
        while True:
            elements += len(sess.run(fetch))
            if first is None:
                first = first_batch(start, cpu)
    except tf.errors.OutOfRangeError:
        pass
    return elements, first if first is not None else {"first_batch_s": float("nan"), "first_batch_cpu_s": float("nan")}


def first_batch(start: float, cpu: float) -> dict[str, float]:
    """The first batch's figures: seconds and process CPU seconds since ``start`` and ``cpu``."""
    return {"first_batch_s": time.perf_counter() - start, "first_batch_cpu_s": cpu_s() - cpu}


def shuffle_runners(tf1: Any, files: list[str], readers: int = 4, preprocess: int = 4) -> Run:
    start, cpu = time.perf_counter(), cpu_s()
    graph = tf.Graph()
    with graph.as_default():
        filename_queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=1)
        examples = tf1.RandomShuffleQueue(capacity=1000, min_after_dequeue=600, dtypes=[tf1.string], seed=2)
        enqueue_ops = []
        for _ in range(readers):
            _, value = tf1.TFRecordReader().read(filename_queue)
            enqueue_ops.append(examples.enqueue([value]))
        tf1.train.queue_runner.add_queue_runner(tf1.train.queue_runner.QueueRunner(examples, enqueue_ops))
        serialized = examples.dequeue()
        lists = []
        for _ in range(preprocess):
            parsed = tf1.parse_single_example(serialized, {"x": tf1.FixedLenFeature([16], tf1.float32),
                                                           "label": tf1.FixedLenFeature([], tf1.int64)})
            lists.append([parsed["x"] * 2.0, parsed["label"]])
        x, labels = tf1.train.batch_join(lists, BATCH, capacity=2 * preprocess * BATCH)
        with tf1.Session(graph=graph) as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            elements, first = _drain(tf1, sess, labels, start, cpu)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return Run(elements, time.perf_counter() - start, first)


def padding_feed(tf1: Any, samples: int) -> Run:
    rng = np.random.default_rng(0)
    audio = [rng.random((int(n), 1), dtype=np.float32) for n in rng.integers(50, 400, samples)]
    start, cpu = time.perf_counter(), cpu_s()
    graph = tf.Graph()
    with graph.as_default():
        sample = tf1.placeholder(tf1.float32, shape=None)
        sample_queue = tf1.PaddingFIFOQueue(64, ["float32"], shapes=[(None, 1)])
        sample_enqueue = sample_queue.enqueue([sample])
        ident = tf1.placeholder(tf1.int32, shape=())
        id_queue = tf1.PaddingFIFOQueue(64, ["int32"], shapes=[()])
        id_enqueue = id_queue.enqueue([ident])
        closes = [sample_queue.close(), id_queue.close()]
        batch = sample_queue.dequeue_many(BATCH)
        ids = id_queue.dequeue_many(BATCH)
        with tf1.Session(graph=graph) as sess:
            def feed() -> None:
                try:
                    for i, a in enumerate(audio):
                        sess.run(sample_enqueue, feed_dict={sample: a})
                        sess.run(id_enqueue, feed_dict={ident: i})
                    sess.run(closes)
                except tf.errors.CancelledError:
                    pass

            thread = threading.Thread(target=feed, daemon=True)
            thread.start()
            elements, first = 0, None
            try:
                while True:
                    padded, got = sess.run([batch, ids])
                    assert padded.shape[0] == len(got) == BATCH
                    elements += len(got)
                    if first is None:
                        first = first_batch(start, cpu)
            except tf.errors.OutOfRangeError:
                pass
            thread.join(TIMEOUT_S)
    return Run(elements, time.perf_counter() - start, first)


def image_folder(tf1: Any, paths: list[str], labels: list[int]) -> Run:
    start, cpu = time.perf_counter(), cpu_s()
    graph = tf.Graph()
    with graph.as_default():
        path, label = tf1.train.slice_input_producer([paths, labels], num_epochs=1, shuffle=True, seed=3)
        image = tf1.image.decode_png(tf1.read_file(path), channels=3)
        image = tf1.image.resize_images(image, [32, 32])
        images, batch_labels = tf1.train.batch([image, label], BATCH, num_threads=4, capacity=4 * BATCH,
                                               allow_smaller_final_batch=True)
        with tf1.Session(graph=graph) as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            elements, first = _drain(tf1, sess, batch_labels, start, cpu)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return Run(elements, time.perf_counter() - start, first)


@dataclass(frozen=True)
class Case:
    name: str
    INTERLEAVED: ClassVar[bool] = True

    def variants(self, config: Config) -> list[Variant]:
        import tfdata_bridge.compat.v1 as bridge_v1

        if self.name == "shape_shuffle_runners":
            files = _tfrecords(config.scale(8, 2), config.scale(2500, 1000))
            run, what = (lambda tf1: shuffle_runners(tf1, files)), \
                "4 readers -> RandomShuffleQueue + QueueRunner -> dequeue -> 4 x parse -> batch_join"
        elif self.name == "shape_padding_feed":
            samples = config.scale(4096, 1024)
            run, what = (lambda tf1: padding_feed(tf1, samples)), \
                "a thread feeding two PaddingFIFOQueues through placeholders -> dequeue_many"
        else:
            paths, labels = _images(config.scale(4000, 1000))
            run, what = (lambda tf1: image_folder(tf1, paths, labels)), \
                "slice_input_producer + read_file + decode_png + resize -> batch(num_threads=4)"
        counts: dict[str, int] = {}

        def checked(name: str, tf1: Any) -> Run:
            result = run(tf1)
            counts.setdefault(name, result.elements)
            if "legacy" in counts and result.elements != counts["legacy"]:
                raise RuntimeError(f"{self.name}/{name}: {result.elements} elements, legacy delivered {counts['legacy']}")
            return result

        return [
            Variant("legacy", lambda: checked("legacy", tf.compat.v1), description=f"tensorflow.compat.v1: {what}"),
            Variant("bridge", lambda: checked("bridge", bridge_v1),
                    description=f"tfdata_bridge.compat.v1 (drop-in): {what}"),
        ]
