"""Reads token sequences through r48d_lib.feeder.DataFeeder, a tacotron-style Thread subclass."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r48d_lib.feeder import DataFeeder


def prepare(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    rng = np.random.RandomState(48)
    lines = []
    for i in range(12):
        fname = 'seq-%02d.npy' % i
        np.save(os.path.join(out_dir, fname), rng.randint(1, 30, size=rng.randint(2, 7)))
        lines.append('S%02d|%s' % (i, fname))
    path = os.path.join(out_dir, 'train.txt')
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return path


def main(data_dir):
    path = prepare(os.path.join(data_dir, 'r48d_package'))
    coord = tf.train.Coordinator()
    with tf.variable_scope('datafeeder'):
        feeder = DataFeeder(coord, path, 3)
    total = tf.reduce_sum(feeder.tokens, axis=1)
    batches = []
    end = 'no end'
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            while not coord.should_stop():
                t, n, s = sess.run([feeder.tokens, feeder.lengths, total])
                batches.append([t.tolist(), n.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        feeder.join()
    return {'batches': batches, 'end': end}
