"""The preloaded-variables form in a helper of another module (fixV_lib.preload), which runs the feed on the
session it is handed; one epoch in order, `from tensorflow.compat.v1 import train` style; two callers."""
import numpy as np
import tensorflow.compat.v1 as tf

from fixV_lib import preload


def read_all(features, labels, batch_size):
    out = []
    with tf.Graph().as_default(), tf.Session() as sess:
        batch = preload.preloaded_batches(sess, features, labels, batch_size)
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, l = sess.run(batch)
                out.append([np.round(f, 4).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    features, labels = preload.load(1, 12)
    more, more_labels = preload.load(2, 8)
    batches = read_all(features, labels, 4) + read_all(more, more_labels, 2)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
