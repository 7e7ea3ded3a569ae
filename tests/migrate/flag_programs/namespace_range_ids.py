"""Batch ids from a `range_input_producer` whose flags come from an argparse namespace (`shuffle=FLAGS.shuffle`,
`num_epochs=FLAGS.epochs`), dequeued directly and used to slice a table with `tf.gather` (no batch call);
`from tensorflow.compat.v1 import train`; each id's slice until the epochs end."""

import argparse

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

FLAGS = argparse.Namespace(shuffle=False, epochs=2, rows_per_id=4)
TABLE = np.arange(40, dtype=np.int64).reshape(10, 4)


def batch_for_id():
    batch_id = train.range_input_producer(TABLE.shape[0] // 2, shuffle=FLAGS.shuffle, seed=0,
                                          num_epochs=FLAGS.epochs).dequeue()
    return tf.gather(tf.constant(TABLE), [2 * batch_id, 2 * batch_id + 1])


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append(sess.run(fetch).tolist())
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    ordered_fetch = batch_for_id()
    FLAGS.shuffle = True
    FLAGS.epochs = 1
    shuffled_fetch = batch_for_id()
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, ordered_fetch)
        shuffled, end2 = _drain(sess, shuffled_fetch)
        coord.request_stop()
        coord.join(threads)
    FLAGS.shuffle, FLAGS.epochs = False, 2
    return {'batches': ordered + [sorted(shuffled)], 'end': end if end == end2 else None}
