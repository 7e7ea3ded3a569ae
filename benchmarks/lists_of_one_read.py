"""Several ``batch_join`` lists over one ``read()`` (the Inception eval shape), legacy against the drop-in:
records/s over 4 TFRecord files of 5,000 64-byte records, 4 lists, ``batch_join(64,
allow_smaller_final_batch=True)``, 2 epochs. The drop-in reads such lists once per list (every k-th record
each) so that a failure's records arrive (issue 16).

    PYTHONPATH=$PWD .venv/bin/python benchmarks/lists_of_one_read.py [--repeats N]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
import warnings
from typing import Any

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")


def write_files(root: str) -> list[str]:
    import numpy as np
    import tensorflow as tf

    files = []
    for f in range(4):
        path = os.path.join(root, f"b{f}.tfrecord")
        with tf.io.TFRecordWriter(path) as writer:
            for _ in range(5000):
                writer.write(np.arange(16, dtype=np.float32).tobytes())
        files.append(path)
    return files


def run(tf1: Any, files: list[str]) -> tuple[int, float]:
    import tensorflow as tf

    with tf.Graph().as_default():
        queue = tf1.train.string_input_producer(files, num_epochs=2, shuffle=False)
        _, value = tf1.TFRecordReader().read(queue)
        x = tf1.io.decode_raw(value, tf1.float32)
        x.set_shape([16])
        batch = tf1.train.batch_join([[x * (k + 1.0)] for k in range(4)], 64, allow_smaller_final_batch=True)
        with tf1.Session() as sess:
            sess.run(tf1.local_variables_initializer())
            coord = tf1.train.Coordinator()
            threads = tf1.train.start_queue_runners(sess, coord)
            n, start = 0, time.perf_counter()
            try:
                while True:
                    n += len(sess.run(batch))
            except tf.errors.OutOfRangeError:
                pass
            seconds = time.perf_counter() - start
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return n, n / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    import tensorflow as tf

    import tfdata_bridge.compat.v1 as bridge

    with tempfile.TemporaryDirectory() as root:
        files = write_files(root)
        for rep in range(args.repeats):
            for name, tf1 in (("legacy", tf.compat.v1), ("drop-in", bridge)):
                n, rate = run(tf1, files)
                print(f"round {rep}: {name:8} {n} records, {rate:,.0f} records/s", flush=True)


if __name__ == "__main__":
    main()
