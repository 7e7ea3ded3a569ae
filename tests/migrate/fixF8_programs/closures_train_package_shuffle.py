"""Nested-function branches (package), the training branch: two shuffled epochs of every record."""
import os

import tensorflow.compat.v1 as tf

from cl_lib import inputs
from ft_lib import records


def main(data_dir):
    files = records.write_shards(os.path.join(data_dir, "f8_cl_train"))
    ids, vals = inputs.record_batches(files, 4, training=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord)
        try:
            while True:
                i, v = sess.run([ids, vals])
                batches.append([i.tolist(), v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
