"""The feeder of `r43s_lib.feeders` (another module): its starter keeps the session on the instance and its
feeding method takes its rows and the coordinator; two programs' worth of callers in one `main`."""
import os

import numpy as np
import tensorflow as tf
from tensorflow.compat.v1 import train

from r43s_lib.feeders import PairFeeder


def load(data_dir):
    folder = os.path.join(data_dir, 'r43s_pairs')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'pairs.txt')
    rng = np.random.RandomState(5)
    with open(path, 'w') as f:
        for i in range(12):
            f.write('%.3f %.3f %d\n' % (rng.rand(), rng.rand(), i))
    with open(path) as f:
        return [(float(a), float(b), int(c)) for a, b, c in (line.split() for line in f)]


def main(data_dir):
    tf.compat.v1.disable_eager_execution()
    rows = load(data_dir)
    feeder = PairFeeder(rows)
    feat, label = feeder.batch()
    norm = tf.norm(feat, axis=1)
    coord = train.Coordinator()
    batches = []
    with tf.compat.v1.Session() as sess:
        threads = feeder.start_threads(sess, coord)
        while True:
            try:
                n, l = sess.run([norm, label])
            except tf.errors.OutOfRangeError:
                break
            batches.append([np.round(n.astype(np.float64), 4).tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'OutOfRangeError'}
