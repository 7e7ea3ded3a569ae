"""Batches prefetched by another module's queue (left legacy) inside a runner context: the context must stay."""
import os

import tensorflow.compat.v1 as tf

from fixc7_lib.kept_runners import running
from fixc7_lib.prefetch import prefetch_queue


def _write(data_dir):
    path = os.path.join(data_dir, 'fixc7_kept.csv')
    with open(path, 'w') as f:
        for i in range(12):
            f.write('%d,%.1f\n' % (i, 0.5 * i))
    return path


def main(data_dir):
    path = _write(data_dir)
    files = tf.train.string_input_producer([path], shuffle=False)
    _, line = tf.TextLineReader().read(files)
    ident, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    ids, values = tf.train.batch([ident, value], batch_size=3, capacity=9)
    got_ids, got_values = prefetch_queue([ids, values], capacity=2).dequeue()
    batches = []
    with tf.Session() as sess:
        with running(sess):
            for _ in range(4):
                i, v = sess.run([got_ids, got_values])
                batches.append([i.tolist(), v.tolist()])
    return {'batches': batches, 'end': 'four batches'}
