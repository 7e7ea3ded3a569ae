"""Reads ids through r48h_lib.rounds.RoundFeeder (a thread targeting `self.run`, which loops `while True`)."""
import numpy as np
import tensorflow.compat.v1 as tf

from r48h_lib.rounds import RoundFeeder


def main(data_dir):
    feeder = RoundFeeder(np.arange(40, 50, dtype=np.int32), 5)
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
