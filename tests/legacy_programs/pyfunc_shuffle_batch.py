"""A `py_func` producer run by four threads into shuffle_batch: examples numbered, features derived from the number."""

import itertools
import json
import sys

import numpy as np
import tensorflow.compat.v1 as tf

STEPS = 10


def main(data_dir):
    counter = itertools.count()

    def make_example():
        i = next(counter)
        return np.full([3], i, np.float32) * 0.5, np.int64(i)

    features, label = tf.py_func(make_example, [], [tf.float32, tf.int64])
    feature_batch, label_batch = tf.train.shuffle_batch(
        [features, label], batch_size=8, capacity=64, min_after_dequeue=16, num_threads=4, shapes=[[3], []])

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
