"""Batches of a CSV file regrouped by another module's batch, read in a MonitoredSession."""
import os

import tensorflow.compat.v1 as tf

import fixc3_lib.regroup as rg


def main(data_dir):
    path = os.path.join(data_dir, 'fixc3_regroup.csv')
    with open(path, 'w') as f:
        for i in range(16):
            f.write('%d,%d\n' % (i, i * i))
    files = tf.train.string_input_producer([path], shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(files)
    a, b = tf.decode_csv(line, record_defaults=[[0], [0]])
    big_a, big_b = tf.train.batch([a, b], batch_size=4)
    small_a, small_b = rg.regroup([big_a, big_b], 2)
    batches = []
    with tf.train.MonitoredSession() as sess:
        for _ in range(5):
            x, y = sess.run([small_a, small_b])
            batches.append([x.tolist(), y.tolist()])
    return {'batches': batches, 'end': 'five batches'}
