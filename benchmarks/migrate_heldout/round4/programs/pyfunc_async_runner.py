"""A generator behind a zero-input `py_func` feeding a RandomShuffleQueue through a QueueRunner held by a class
in another module; the runner's threads are started by hand (`create_threads`), the generator's StopIteration
ends the data."""

import os as _os
import sys as _sys

_sys.path.insert(0, _os.path.dirname(_os.path.abspath(__file__)))

import tensorflow as tf

from async_lib.runner import AsyncRunner, SampleGenerator


def main(data_dir):
    generator = SampleGenerator(num_samples=40)
    runner = AsyncRunner(generator, "train_data", cap=32, min_after=8)
    inputs, targets = runner.get_inputs(8)
    batches = []
    end = None
    with tf.compat.v1.Session() as sess:
        coord = tf.compat.v1.train.Coordinator()
        threads = runner.create_threads(sess, coord)
        try:
            while True:
                x, y = sess.run([inputs, targets])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
