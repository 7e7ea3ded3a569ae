"""A class method binding a one-tensor list producer (``self``'s values, shuffled with a seed, one epoch) and
returning the list; the caller runs the list, a list of one value each run."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Readings(object):
    def __init__(self, values):
        self.values = values

    def slices(self):
        f = open(os.devnull)
        f.close()
        f = tf.train.slice_input_producer([self.values], num_epochs=1, shuffle=True, seed=4)
        return f


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "r44u_readings"), exist_ok=True)
    one = Readings(np.arange(8, dtype=np.int32) * 3).slices()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            for _ in range(100):
                got = sess.run(one)
                batches.append([[int(got[0])], [len(got)]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "readings %d" % len(batches)}
