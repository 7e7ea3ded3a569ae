"""Variable-length sequences from a `py_func`, batched with dynamic_pad=True (zero-padded per batch)."""

import itertools
import json
import sys

import numpy as np
import tensorflow.compat.v1 as tf

STEPS = 6


def main(data_dir):
    counter = itertools.count()

    def make_sequence():
        i = next(counter)
        return np.arange(1, i % 5 + 2, dtype=np.int64) + 10 * i

    sequence = tf.py_func(make_sequence, [], tf.int64)
    sequence.set_shape([None])
    sequence_batch = tf.train.batch([sequence], batch_size=3, dynamic_pad=True)

    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(STEPS):
                batches.append(sess.run(sequence_batch).tolist())
        finally:
            coord.request_stop()
            coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": "taken"}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))
