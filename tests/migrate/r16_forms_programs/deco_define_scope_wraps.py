"""CSV rows through stages that are properties made by a `define_scope` decorator of this module
(`functools.wraps`, a `variable_scope` named after the stage, a cache attribute); `__init__` touches each stage
in order; two stages reuse the local name `values`."""

import functools
import os

import tensorflow.compat.v1 as tf


def define_scope(function):
    attribute = "_cache_" + function.__name__

    @property
    @functools.wraps(function)
    def decorator(self):
        if not hasattr(self, attribute):
            with tf.variable_scope(function.__name__):
                setattr(self, attribute, function(self))
        return getattr(self, attribute)

    return decorator


class TableInput(object):

    def __init__(self, data_dir, batch_size):
        self.files = sorted(tf.gfile.Glob(os.path.join(data_dir, "table-*.csv")))
        self.batch_size = batch_size
        self.filename_queue
        self.row
        self.batch

    @define_scope
    def filename_queue(self):
        values = list(self.files)
        return tf.train.string_input_producer(values, num_epochs=1, shuffle=False)

    @define_scope
    def row(self):
        _, line = tf.TextLineReader(skip_header_lines=1).read(self.filename_queue)
        values = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0]])
        return values[0] + values[1], values[2]

    @define_scope
    def batch(self):
        return tf.train.batch(list(self.row), batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    data = TableInput(data_dir, 6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                total, label = sess.run(data.batch)
                batches.append([total.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
