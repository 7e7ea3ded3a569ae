"""Garbage collections paid by graph rebuilds through the drop-in (issue 16; `compat/graph_collection.py`):
N rebuilds of a file pipeline (`string_input_producer` + `TFRecordReader` + `parse_single_example` +
`shuffle_batch`, 3 batches, then the coordinator stops and the session closes) in one process, after 3 unmeasured
ones; Python's collections counted by generation with their CPU (`time.process_time()` around each, from
`gc.callbacks`), the CPU of the N rebuilds, the RSS growth (after `malloc_trim`) and the most `tf.Graph`s alive
at a check every 5 rebuilds (the bound the collection keeps).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/graph_collections.py [--rebuilds N]
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import tempfile
import time
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rebuilds", type=int, default=40)
    args = parser.parse_args()
    import tensorflow as tf

    import tfdata_bridge
    import tfdata_bridge.compat.v1 as bridge

    libc = ctypes.CDLL("libc.so.6")
    root = tempfile.mkdtemp(prefix="graph_collections_")
    files = []
    for f in range(2):
        path = os.path.join(root, f"r{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for i in range(20):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())
        files.append(path)

    def rss_mib() -> float:
        libc.malloc_trim(0)
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    def rebuild() -> None:
        with tf.Graph().as_default(), bridge.Session() as sess:
            queue = bridge.train.string_input_producer(files, shuffle=False)
            _, value = bridge.TFRecordReader().read(queue)
            x = bridge.parse_single_example(value, {"x": bridge.FixedLenFeature([], bridge.int64)})["x"]
            batch = bridge.train.shuffle_batch([x], 8, capacity=32, min_after_dequeue=8, seed=1)
            coord = bridge.train.Coordinator()
            threads = bridge.train.start_queue_runners(sess, coord)
            for _ in range(3):
                sess.run(batch)
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)

    warnings.simplefilter("ignore")
    for _ in range(3):
        rebuild()
    gc.collect()
    counts = {g: [0, 0.0] for g in range(3)}
    started = [0.0]

    def count(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            counts[info["generation"]][0] += 1
            counts[info["generation"]][1] += time.process_time() - started[0]

    gc.callbacks.append(count)
    rss, cpu, most = rss_mib(), time.process_time(), 0
    for i in range(args.rebuilds):
        rebuild()
        if i % 5 == 4:
            most = max(most, sum(1 for o in gc.get_objects() if type(o) is tf.Graph))
    cpu = time.process_time() - cpu
    gc.callbacks.remove(count)
    print(f"{tfdata_bridge.__file__}: {args.rebuilds} rebuilds, CPU {cpu:.2f} s, RSS +{rss_mib() - rss:.1f} MiB, "
          f"at most {most} graphs alive at a check")
    for generation, (n, seconds) in counts.items():
        print(f"  generation {generation}: {n} collections, {seconds * 1000:.0f} ms CPU")


if __name__ == "__main__":
    main()
