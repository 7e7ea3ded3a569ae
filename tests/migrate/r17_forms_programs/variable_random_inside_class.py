"""A class whose per-element code makes its own random op (made there, as legacy's was) and whose model variable
(`tf.Variable`) is read after the batch: rewritten."""

import glob
import os

import tensorflow.compat.v1 as tf


class Rows(object):
    def __init__(self, paths):
        self.paths = paths
        self.bias = tf.Variable(1.5, name="bias")

    def _parse(self, line):
        a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        noise = tf.random_uniform([], 0.0, 0.0, seed=3)
        return tf.cast(a, tf.float32) + b + noise, label

    def batches(self):
        queue = tf.train.string_input_producer(self.paths, num_epochs=1, shuffle=False)
        _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
        metric, label = self._parse(line)
        metric_batch, label_batch = tf.train.batch([metric, label], batch_size=5, allow_smaller_final_batch=True)
        return metric_batch + self.bias, label_batch


def main(data_dir):
    metric, label = Rows(sorted(glob.glob(os.path.join(data_dir, "table-*.csv")))).batches()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                m, l = sess.run([metric, label])
                batches.append([m.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
