"""Replay sampling on an object: `range_input_producer` over the buffer's indices in a method (shuffled, seed, two
epochs), `dequeue_many` and `tf.gather` of in-memory arrays, no batch call; a bare `Session` and
`start_queue_runners(sess)`; 44 elements in groups of 4. Batch sizes and sorted rows."""

import numpy as np
import tensorflow.compat.v1 as tf


class Replay(object):

    def __init__(self, n):
        self.obs = np.arange(n, dtype=np.float32) * 1.5
        self.reward = (np.arange(n) % 4).astype(np.int64)

    def sample(self, batch_size):
        indices = tf.train.range_input_producer(len(self.obs), num_epochs=2, shuffle=True, seed=5)
        picked = indices.dequeue_many(batch_size)
        return tf.gather(tf.constant(self.obs), picked), tf.gather(tf.constant(self.reward), picked)


def main(data_dir):
    obs, reward = Replay(22).sample(batch_size=4)
    sizes, rows, end = [], [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    tf.train.start_queue_runners(sess)
    try:
        while True:
            o, r = sess.run([obs, reward])
            sizes.append(len(o))
            rows.extend(zip(o.tolist(), r.tolist()))
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    sess.close()
    return {"batches": [sizes, sorted(rows)], "end": end}
