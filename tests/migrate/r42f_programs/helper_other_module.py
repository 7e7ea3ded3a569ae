"""The functions that make the file queues and the one that reads and batches live in a module of the package
(``from tensorflow.compat.v1 import train``); this program runs both arms."""
import os

import tensorflow.compat.v1 as tf

from r42f_lib import reading


def drain(sess, op):
    out = []
    try:
        while True:
            a, b = sess.run(op)
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    return out


def main(data_dir):
    paths = []
    for k in range(2):
        paths.append(os.path.join(data_dir, 'r42f_other_%d.txt' % k))
        with open(paths[-1], 'w') as f:
            f.write(''.join('%d\n' % (10 * k + i) for i in range(6)))
    shuffled = reading.train_inputs(paths, 2)
    ordered = reading.eval_inputs(paths[:1] + paths)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, ordered)
        train_batches = drain(sess, shuffled)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "train": train_batches,
            "end": "rows %d" % sum(len(b[0]) for b in batches + train_batches)}
