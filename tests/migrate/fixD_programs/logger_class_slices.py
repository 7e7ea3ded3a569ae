"""A class whose method builds a slice-producer pipeline inline: a module logger (`logging.getLogger`) logs the
slice, a dead `tf.shape` of it and an alias of that (a chain), then `shuffle_batch`."""
import logging
import os

import numpy as np
import tensorflow.compat.v1 as tf

logger = logging.getLogger(__name__)


class Loader(object):
    def __init__(self, values, labels, batch_size):
        self.batch_size = batch_size
        value, label = tf.train.slice_input_producer([tf.constant(values), tf.constant(labels)], num_epochs=1,
                                                     shuffle=False)
        logger.info("slice: %s %s", value, label)
        dims = tf.shape(value)
        first = dims[0]
        value = value * 2.0
        self.values, self.labels = tf.train.shuffle_batch([value, label], batch_size=batch_size, capacity=20,
                                                          min_after_dequeue=4, num_threads=1, seed=5)


def main(data_dir):
    rng = np.random.RandomState(9)
    loader = Loader(rng.rand(12, 2).astype(np.float32), np.arange(12, dtype=np.int64), 3)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, l = sess.run([loader.values, loader.labels])
                out.append([np.round(v.astype(np.float64), 5).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'rows: %d' % sum(len(b[1]) for b in out)}
