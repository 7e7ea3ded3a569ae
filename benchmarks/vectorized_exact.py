"""What running a batch's ops per record costs where running them once per batch would not be exact (issue 16,
held-out round 17): the drop-in against legacy on two file pipelines and their vectorized twins.

    PYTHONPATH=. python benchmarks/vectorized_exact.py [--rounds 3] [--files 4] [--records 5000]

Programs (``--files`` files of ``--records`` records, ``batch(32, num_threads=2)``, one epoch):

- ``csv_na``: CSV rows with "NA" holes -> ``decode_csv(na_value="NA")``: the batched form drops ``na_value``,
  so the drop-in runs it per record; ``csv_plain``: the same rows without holes and no ``na_value``: once per batch.
- ``sequence``: ``parse_single_example`` of a ``FixedLenSequenceFeature`` (1-8 values), its ``tf.size`` and
  the list padded to 8: per record (a batch would pad each list to the batch's longest); ``fixed``: the
  same lists stored padded, parsed as ``FixedLenFeature([8])``, with a size feature: once per batch.

Each round runs every program legacy then drop-in then drop-in then legacy (paired, in one process), and
the table gives the median wall and CPU seconds per epoch and the drop-in's speed relative to legacy. With
``--before ROOT``, the same rounds are also run in a child process with ``PYTHONPATH=ROOT`` (an older
checkout), for its figures beside these.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from typing import Any

import numpy as np
import tensorflow as tf

BATCH, WIDTH, COLUMNS = 32, 8, 6
PROGRAMS = ("csv_na", "csv_plain", "sequence", "fixed")


def write(root: str, files: int, records: int) -> dict[str, list[str]]:
    rng = np.random.default_rng(0)
    out: dict[str, list[str]] = {"na": [], "plain": [], "seq": [], "fixed": []}
    for f in range(files):
        x = rng.random((records, COLUMNS))
        holes = rng.random((records, COLUMNS)) < 0.2
        for kind in ("na", "plain"):
            path = os.path.join(root, f"{kind}-{f}.csv")
            with open(path, "w") as csv:
                for row, hole in zip(x, holes):
                    csv.write(",".join("NA" if kind == "na" and h else f"{v:.5f}" for v, h in zip(row, hole)) + "\n")
            out[kind].append(path)
        for kind in ("seq", "fixed"):
            path = os.path.join(root, f"{kind}-{f}.tfrecord")
            with tf.io.TFRecordWriter(path) as writer:
                for i in range(records):
                    n = 1 + (i * 7 + f) % WIDTH
                    notes = [60 + (i + j) % 12 for j in range(n)]
                    if kind == "fixed":
                        features = {"notes": notes + [0] * (WIDTH - n), "n": [n]}
                    else:
                        features = {"notes": notes}
                    writer.write(tf.train.Example(features=tf.train.Features(feature={
                        k: tf.train.Feature(int64_list=tf.train.Int64List(value=v)) for k, v in features.items()
                    })).SerializeToString())
            out[kind].append(path)
    return out


def build(tf1: Any, program: str, data: dict[str, list[str]]) -> Any:
    kind = {"csv_na": "na", "csv_plain": "plain", "sequence": "seq", "fixed": "fixed"}[program]
    queue = tf1.train.string_input_producer(data[kind], num_epochs=1, shuffle=False)
    if program.startswith("csv"):
        _, row = tf1.TextLineReader().read(queue)
        extra = {"na_value": "NA"} if program == "csv_na" else {}
        values = tf1.decode_csv(row, [[-1.0]] * COLUMNS, **extra)
        return tf1.train.batch([tf1.stack(values)], BATCH, num_threads=2, allow_smaller_final_batch=True)
    _, value = tf1.TFRecordReader().read(queue)
    if program == "sequence":
        notes = tf1.parse_single_example(value, {
            "notes": tf1.FixedLenSequenceFeature([], tf.int64, allow_missing=True)})["notes"]
        n = tf1.size(notes)
        padded = tf1.pad(notes, [[0, WIDTH]])[:WIDTH]
        padded.set_shape([WIDTH])
    else:
        parsed = tf1.parse_single_example(value, {"notes": tf1.FixedLenFeature([WIDTH], tf.int64),
                                                  "n": tf1.FixedLenFeature([], tf.int64)})
        padded, n = parsed["notes"], tf1.cast(parsed["n"], tf.int32)
    return tf1.train.batch([padded - 60, n], BATCH, num_threads=2, allow_smaller_final_batch=True)


def epoch(tf1: Any, program: str, data: dict[str, list[str]]) -> tuple[float, float, int]:
    """One epoch of ``program``: wall and CPU seconds from ``start_queue_runners`` to its end, and the records."""
    with tf.Graph().as_default(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        batch = build(tf1, program, data)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            wall, cpu = time.perf_counter(), time.process_time()
            threads = tf1.train.start_queue_runners(sess, coord)
            records = 0
            try:
                while True:
                    got = sess.run(batch)  # (a one-tensor list comes back as a bare tensor)
                    records += len(got[0] if isinstance(got, list) else got)
            except tf.errors.OutOfRangeError:
                pass
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            coord.request_stop()
            coord.join(threads)
    return wall, cpu, records


def measure(rounds: int, files: int, records: int) -> dict[str, dict[str, list[float]]]:
    import tfdata_bridge.compat.v1 as bridge

    legacy = tf.compat.v1
    figures: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory() as root:
        data = write(root, files, records)
        for program in PROGRAMS:
            got = figures.setdefault(program, {})
            try:
                epoch(bridge, program, data)  # (a first run of each: TensorFlow's own warm-up)
                for _ in range(rounds):
                    for name, module in (("legacy", legacy), ("bridge", bridge), ("bridge", bridge),
                                         ("legacy", legacy)):
                        wall, cpu, n = epoch(module, program, data)
                        if n != files * records:
                            raise RuntimeError(f"{name} delivered {n} records of {files * records}")
                        got.setdefault(f"{name}_wall", []).append(wall)
                        got.setdefault(f"{name}_cpu", []).append(cpu)
            except (tf.errors.OpError, RuntimeError) as e:  # (an older checkout: the drop-in failed)
                figures[program] = {"error": str(e).splitlines()[0][:100]}
    return figures


def table(figures: dict[str, dict[str, list[float]]], label: str) -> str:
    lines = [f"| program ({label}) | legacy s | drop-in s | legacy/drop-in | legacy CPU s | drop-in CPU s |",
             "|---|---|---|---|---|---|"]
    for program, got in figures.items():
        if "error" in got:
            lines.append(f"| {program} | error: {got['error']} | | | | |")
            continue
        med = {k: statistics.median(v) for k, v in got.items()}
        lines.append(f"| {program} | {med['legacy_wall']:.2f} | {med['bridge_wall']:.2f} | "
                     f"{med['legacy_wall'] / med['bridge_wall']:.2f} | {med['legacy_cpu']:.2f} | {med['bridge_cpu']:.2f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--records", type=int, default=5000)
    parser.add_argument("--before", help="an older checkout, measured in a child process")
    parser.add_argument("--json", help=argparse.SUPPRESS)
    args = parser.parse_args()
    figures = measure(args.rounds, args.files, args.records)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f)
        return
    print(table(figures, "this tree"))
    if args.before:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "before.json")
            subprocess.run([sys.executable, __file__, "--rounds", str(args.rounds), "--files", str(args.files),
                            "--records", str(args.records), "--json", out],
                           env=dict(os.environ, PYTHONPATH=args.before, TF_CPP_MIN_LOG_LEVEL="2"), check=True)
            with open(out) as f:
                print(table(json.load(f), f"before: {args.before}"))


if __name__ == "__main__":
    main()
