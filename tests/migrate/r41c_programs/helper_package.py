"""Rows of a CSV table loaded with numpy inside a helper of another module, which makes the queue and its runner
and returns the dequeue; the caller starts the runners and reads a fixed number of rows."""
import os

import tensorflow.compat.v1 as tf

from r41c_lib.samples import sample_queue


def main(data_dir):
    path = os.path.join(data_dir, 'r41c_table.csv')
    with open(path, 'w') as f:
        for i in range(4):
            f.write('%d,%d.5\n' % (i, 10 - i))
    row = sample_queue(path)
    doubled = row * 2.0
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(11):
            batches.append([sess.run(doubled).tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "read %d" % len(batches)}
