"""A CSV line's label looked up in a `StaticHashTable` the reader helper of another module makes, batched and read
in a `MonitoredSession` loop (its scaffold runs the table initializers)."""
import os

import tensorflow.compat.v1 as tf

from q2lib import reading


def main(data_dir):
    os.makedirs(data_dir, exist_ok=True)
    path = os.path.join(data_dir, 'q2_levels.csv')
    with open(path, 'w') as f:
        f.write('\n'.join('%d.5,%s' % (i, ['low', 'high', 'mid', 'none'][i % 4]) for i in range(9)) + '\n')
    value, label = reading.read_labelled(path)
    values, labels = tf.train.batch([value, label], batch_size=2)
    out = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            a, b = sess.run([values, labels])
            out.append([a.tolist(), b.tolist()])
    return {"batches": out, "end": "OutOfRangeError"}
