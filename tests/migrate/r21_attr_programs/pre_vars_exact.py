"""Preloaded variables read in order: the placeholder's dtype given as a TensorFlow dtype (float64 rows fed to
a float32 placeholder: the feed converted them), one feed run per variable, `shuffle=False`, one epoch; a
class of the module holds the arrays (`Tables`)."""

import os

import numpy as np
import tensorflow.compat.v1 as tf


class Tables(object):
    def __init__(self, data_dir):
        rows = np.concatenate([np.loadtxt(os.path.join(data_dir, "table-%d.csv" % i), delimiter=",", skiprows=1)
                               for i in range(2)])
        self.values = rows[:, 1:2] / 3.0
        self.labels = rows[:, 2].astype(np.int32)


def main(data_dir):
    tables = Tables(data_dir)
    values_ph = tf.placeholder(tf.float32, shape=[100, 1])
    labels_ph = tf.placeholder(tf.int32, shape=[100])
    values_var = tf.Variable(values_ph, trainable=False, collections=[])
    labels_var = tf.Variable(labels_ph, trainable=False, collections=[])
    value, label = tf.train.slice_input_producer([values_var, labels_var], num_epochs=1, shuffle=False)
    values, labels = tf.train.batch([value, label + 1], batch_size=8, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        sess.run(values_var.initializer, feed_dict={values_ph: tables.values})
        sess.run(labels_var.initializer, feed_dict={labels_ph: tables.labels})
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                v, l = sess.run([values, labels])
                batches.append([v.reshape(-1).tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
