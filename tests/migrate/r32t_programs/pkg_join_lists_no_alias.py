"""``batch_join`` over lists another module's function makes each, that module importing ``from
tensorflow.compat.v1 import TextLineReader, decode_csv, train`` only (the lists' threads interleave: a
multiset)."""
import os

import tensorflow.compat.v1 as tf

from r32t_lib.lines import read_lines


def _write(data_dir, f, rows):
    path = os.path.join(data_dir, "r32t_join_%d.csv" % f)
    with open(path, "w") as out:
        for i in range(rows):
            out.write("%d,%d\n" % (f * 100 + i, i % 3))
    return path


def main(data_dir):
    lists = [read_lines(_write(data_dir, f, 6)) for f in range(3)]
    xs, ys = tf.train.batch_join(lists, 3, capacity=12)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xs, ys])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
