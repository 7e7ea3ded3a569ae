"""What the drop-in ``Session``'s close-releasable run costs (issue 9, point 4).

A fetch of a lifted pipeline's batch runs on a worker thread of the session, so that ``close()`` can
release the consumer at once (``tfdata_bridge/_src/compat/session_release.py``). This measures
``sess.run(batch)`` of the ``py_func`` + ``train.batch`` program (a zero-input ``py_func`` returning a
constant: the cheapest producer, where the handoff weighs most) with and without it, alternating, in
one process. ``--program files`` measures a file pipeline instead (TFRecord of ``tf.train.Example`` ->
``TFRecordReader`` -> ``parse_single_example`` -> ``shuffle_batch(32)``), whose runs take the handoff
too since issue 20 item 6 (a native read can block beyond TensorFlow's reach):

    python benchmarks/session_handoff.py [--reps 7] [--runs 300] [--program py_func|files]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import tfdata_bridge.compat.v1 as tf
from tfdata_bridge._src.compat import session_release


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--program", choices=["py_func", "files"], default="py_func")
    args = parser.parse_args()
    tf.disable_eager_execution()
    if args.program == "files":
        batch = _file_batch()
    else:
        value = tf.py_func(lambda: np.float32(1), [], tf.float32)
        value.set_shape([])
        batch = tf.train.batch([value], batch_size=32, capacity=320)
    sess = tf.Session()
    tf.train.start_queue_runners(sess, tf.train.Coordinator())
    waits_on = session_release.waits_on
    rates: dict[str, list[float]] = {"worker thread (releasable)": [], "direct (as before)": []}
    for _ in range(args.reps):
        for mode in rates:
            session_release.waits_on = waits_on if mode.startswith("worker") else (lambda s, f: None)
            start = time.perf_counter()
            for _ in range(args.runs):
                sess.run(batch)
            rates[mode].append(args.runs / (time.perf_counter() - start))
    session_release.waits_on = waits_on
    for mode, values in rates.items():
        print(f"{mode:28s} median {statistics.median(values):7.0f} batches/s  "
              f"({', '.join(f'{v:.0f}' for v in values)})")
    sess.close()


def _file_batch() -> list:
    import os
    import tempfile

    files = []
    directory = tempfile.mkdtemp()
    for f in range(4):
        path = os.path.join(directory, f"r{f}.tfrecord")
        with tf.python_io.TFRecordWriter(path) as writer:
            for i in range(2000):
                writer.write(tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=[float(i)] * 10)),
                    "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[i]))})).SerializeToString())
        files.append(path)
    queue = tf.train.string_input_producer(files, shuffle=True, seed=1)
    _, record = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(record, {"x": tf.FixedLenFeature([10], tf.float32),
                                              "label": tf.FixedLenFeature([], tf.int64)})
    return tf.train.shuffle_batch([parsed["x"], parsed["label"]], 32, capacity=2000, min_after_dequeue=1000)


if __name__ == "__main__":
    main()
