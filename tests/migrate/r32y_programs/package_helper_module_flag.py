"""A package: the batching helper in one module (``from tensorflow.compat.v1 import train``; a ``return`` ends its
shuffle branch, so the switch has no ``else``), called from another module with the module's flag ``SHUFFLE``."""
import os

import tensorflow.compat.v1 as tf

from r32y_lib.reading import inputs


def _write(data_dir):
    paths = []
    for f in range(2):
        path = os.path.join(data_dir, "r32y_pkg_%d.csv" % f)
        with open(path, "w") as out:
            for i in range(6):
                out.write("%.1f,%.1f,%d\n" % (f + i * 0.5, i * 2.0, f * 6 + i))
        paths.append(path)
    return paths


def main(data_dir):
    features, labels = inputs(_write(data_dir), 3)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([features, labels])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
