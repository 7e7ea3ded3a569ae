"""The `py_func` + `train.batch` program: a Python function makes each example; batches of 4, capacity 8."""

import itertools
import json
import sys

import numpy as np
import tensorflow.compat.v1 as tf

STEPS = 12


def main(data_dir):
    counter = itertools.count()
    rng = np.random.RandomState(0)

    def make_example():
        i = next(counter)
        return rng.rand(2, 2).astype(np.float32) + i, np.int32(i)

    features, label = tf.py_func(make_example, [], [tf.float32, tf.int32])
    feature_batch, label_batch = tf.train.batch([features, label], 4, shapes=[(2, 2), ()], capacity=8)

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(STEPS):
                feature_values, label_values = sess.run([feature_batch, label_batch])
                batches.append({"features": feature_values.tolist(), "label": label_values.tolist()})
        finally:
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": "taken"}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))
