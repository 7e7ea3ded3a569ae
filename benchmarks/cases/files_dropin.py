"""File pipelines through the drop-in: the same graph-mode program built with ``tensorflow.compat.v1``
(legacy) and with ``tfdata_bridge.compat.v1`` (bridge), beside the tf.data a competent engineer writes
by hand, per example and per batch.

Cases (8 files x 5,000 records; ``--quick``: 2 x 2,000):

- ``files_tfrecord``: TFRecord files of ``tf.train.Example`` (10 floats, an int64 label) ->
  ``string_input_producer(num_epochs=1)`` -> ``TFRecordReader`` -> ``parse_single_example`` ->
  ``shuffle_batch(32, capacity=2000, min_after_dequeue=1000, num_threads=2)``.
- ``files_csv``: CSV files with a header (10 float columns, an int label) -> ``TextLineReader(skip_header_lines=1)``
  -> ``decode_csv`` -> the same ``shuffle_batch``.
- ``files_variable``: the TFRecord program whose features are scaled by a variable
  (``x * tf.Variable(2.0)``): the producer reads session state, so the drop-in cannot lift it and
  falls back.

Variants: ``legacy`` and ``bridge`` (the program, timed from ``start_queue_runners`` to the
``OutOfRangeError`` that ends the epoch, then stopped as legacy programs stop; ``first_batch_s``: the first
batch, timed from the first graph op; ``first_batch_cpu_s``: the process's CPU time to it, every thread);
``tfdata`` (hand-written, eager: ``interleave`` over the files, ``map(parse_single_example, num_parallel_calls=2)``, ``shuffle(1000)``,
``batch(32)``, ``prefetch``); ``tfdata_batch`` (the same with ``batch`` before a ``map`` of
``parse_example`` / ``decode_csv`` on the whole batch). The variants take turns, run by run.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import tensorflow as tf

from cases.common import Config, Run, Variant, cpu_s

BATCH, CAPACITY, MIN_AFTER, THREADS = 32, 2000, 1000, 2
FLOATS = 10
CASES = ("files_tfrecord", "files_csv", "files_variable")
RATIO_TARGETS = [  # (case, numerator, denominator, minimum)
    ("files_tfrecord", "bridge", "legacy", 2.0), ("files_tfrecord", "bridge", "tfdata", 0.9),
    ("files_csv", "bridge", "legacy", 2.0), ("files_csv", "bridge", "tfdata", 0.9),
    ("files_variable", "bridge", "legacy", 0.95),
]

_data: dict[tuple[int, int], dict[str, list[str]]] = {}


def data(files: int, records: int) -> dict[str, list[str]]:
    """TFRecord and CSV files with the same rows, written once per process."""
    if (files, records) in _data:
        return _data[(files, records)]
    root = tempfile.mkdtemp(prefix="tfdb-bench-files-")
    rng = np.random.default_rng(0)
    out: dict[str, list[str]] = {"tfrecord": [], "csv": []}
    for f in range(files):
        x = rng.random((records, FLOATS), dtype=np.float32)
        labels = np.arange(f * records, (f + 1) * records)
        path = os.path.join(root, f"part-{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for row, label in zip(x, labels):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=row)),
                    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                })).SerializeToString())
        out["tfrecord"].append(path)
        path = os.path.join(root, f"part-{f}.csv")
        with open(path, "w") as csv:
            csv.write(",".join(f"x{i}" for i in range(FLOATS)) + ",label\n")
            for row, label in zip(x, labels):
                csv.write(",".join(f"{v:.6f}" for v in row) + f",{label}\n")
        out["csv"].append(path)
    _data[(files, records)] = out
    return out


def _parse_one(tf1: Any, value: Any) -> list[Any]:
    parsed = tf1.parse_single_example(value, {"x": tf1.FixedLenFeature([FLOATS], tf1.float32),
                                              "label": tf1.FixedLenFeature([], tf1.int64)})
    return [parsed["x"], parsed["label"]]


def _decode_one(tf1: Any, line: Any) -> list[Any]:
    cols = tf1.decode_csv(line, [[0.0]] * FLOATS + [[0]])
    return [tf1.stack(cols[:FLOATS], axis=-1), cols[FLOATS]]


def run_program(tf1: Any, kind: str, files: list[str]) -> Run:
    """The legacy program, built with ``tf1``: one epoch of batches, timed from start_queue_runners; the
    first batch (``first_batch_s``, and its CPU ``first_batch_cpu_s``) is timed from the first graph op, as
    in ``shapes_dropin.py``."""
    built, cpu = time.perf_counter(), cpu_s()
    graph = tf.Graph()
    with graph.as_default():
        queue = tf1.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=1)
        if kind == "csv":
            _, line = tf1.TextLineReader(skip_header_lines=1).read(queue)
            tensors = _decode_one(tf1, line)
        else:
            _, value = tf1.TFRecordReader().read(queue)
            tensors = _parse_one(tf1, value)
            if kind == "variable":
                tensors[0] = tensors[0] * tf1.Variable(2.0, name="scale")
        x, _ = tf1.train.shuffle_batch(tensors, BATCH, capacity=CAPACITY, min_after_dequeue=MIN_AFTER,
                                       num_threads=THREADS)
        with tf1.Session(graph=graph) as sess:
            sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
            coord = tf1.train.Coordinator()
            start = time.perf_counter()
            threads = tf1.train.start_queue_runners(sess, coord)
            elements, first, first_cpu = 0, None, None
            try:
                while True:
                    elements += len(sess.run(x))
                    if first is None:
                        first, first_cpu = time.perf_counter() - built, cpu_s() - cpu
            except tf.errors.OutOfRangeError:
                pass
            seconds = time.perf_counter() - start
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return Run(elements, seconds, {"runner_threads": len(threads), "first_batch_s": first,
                                    "first_batch_cpu_s": first_cpu})


def handwritten(kind: str, files: list[str], per_batch: bool) -> Run:
    """What a competent engineer writes with tf.data for the same job (eager)."""
    start = time.perf_counter()
    names = tf.data.Dataset.from_tensor_slices(files).shuffle(len(files), seed=1)
    if kind == "csv":
        ds = names.interleave(lambda f: tf.data.TextLineDataset(f).skip(1), cycle_length=THREADS,
                              num_parallel_calls=THREADS)
        parse = lambda lines: tuple(_decode_one(tf.compat.v1, lines))  # noqa: E731 - decode_csv takes any shape
    else:
        ds = names.interleave(tf.data.TFRecordDataset, cycle_length=THREADS, num_parallel_calls=THREADS)
        spec = {"x": tf.io.FixedLenFeature([FLOATS], tf.float32), "label": tf.io.FixedLenFeature([], tf.int64)}
        if per_batch:
            parse = lambda v: (lambda p: (p["x"], p["label"]))(tf.io.parse_example(v, spec))  # noqa: E731
        else:
            parse = lambda v: (lambda p: (p["x"], p["label"]))(tf.io.parse_single_example(v, spec))  # noqa: E731
    if per_batch:
        ds = ds.shuffle(MIN_AFTER).batch(BATCH, drop_remainder=True).map(parse, num_parallel_calls=THREADS)
    else:
        ds = ds.map(parse, num_parallel_calls=THREADS).shuffle(MIN_AFTER).batch(BATCH, drop_remainder=True)
    elements = 0
    for x, _ in ds.prefetch(1):
        elements += int(x.shape[0])
    return Run(elements, time.perf_counter() - start)


@dataclass(frozen=True)
class Case:
    kind: str  # "tfrecord", "csv", "variable"
    INTERLEAVED: ClassVar[bool] = True

    def variants(self, config: Config) -> list[Variant]:
        import tfdata_bridge.compat.v1 as bridge_v1

        paths = data(config.scale(8, 2), config.scale(5000, 2000))
        files = paths["csv" if self.kind == "csv" else "tfrecord"]
        what = {"tfrecord": "TFRecord + parse_single_example", "csv": "CSV + TextLineReader + decode_csv",
                "variable": "TFRecord + parse_single_example, features * a variable"}[self.kind]
        what += f" -> shuffle_batch({BATCH}, capacity={CAPACITY}, min_after_dequeue={MIN_AFTER}, num_threads={THREADS})"
        out = [
            Variant("legacy", lambda: run_program(tf.compat.v1, self.kind, files),
                    description=f"tensorflow.compat.v1: {what}"),
            Variant("bridge", lambda: run_program(bridge_v1, self.kind, files),
                    description=f"tfdata_bridge.compat.v1 (drop-in): {what}"),
        ]
        if self.kind != "variable":
            out += [
                Variant("tfdata", lambda: handwritten(self.kind, files, per_batch=False),
                        description="hand-written tf.data, parse per example"),
                Variant("tfdata_batch", lambda: handwritten(self.kind, files, per_batch=True),
                        description="hand-written tf.data, parse per batch"),
            ]
        return out
