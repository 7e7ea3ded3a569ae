"""A package's reader helper inside `with tf.variable_scope("IO") as scope:` (the name unread), returning from
inside; its caller batches inside `with tf.name_scope("input"):` and returns from inside too."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r44r_lib import stake_reader


def main(data_dir):
    folder = os.path.join(data_dir, "r44r_stakes")
    os.makedirs(folder, exist_ok=True)
    files = stake_reader.write_stakes(folder)
    xs, sites = stake_reader.inputs({"batch_size": 4, "shape": [2, 3]}, files)
    total = tf.reduce_sum(xs, axis=[1, 2])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, s, t = sess.run([xs, sites, total])
                batches.append([np.round(x.astype(np.float64), 2).tolist(), s.tolist(),
                                np.round(t.astype(np.float64), 2).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stakes: %d" % sum(len(b[1]) for b in batches)}
