"""Reads ids through r48h_lib.passes.PassFeeder (a thread targeting `self.run`, which loops `while True`)."""
import numpy as np
import tensorflow.compat.v1 as tf

from r48h_lib import passes as feeders


def main(data_dir):
    feeder = feeders.PassFeeder(np.arange(100, 112, dtype=np.int32), 4)
    batches, end = [], 'no end'
    with tf.Session() as sess:
        thread = feeder.start_in_session(sess)
        try:
            while True:
                i, o = sess.run([feeder.ids, feeder.odd])
                batches.append([i.tolist(), o.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': batches, 'end': end}
