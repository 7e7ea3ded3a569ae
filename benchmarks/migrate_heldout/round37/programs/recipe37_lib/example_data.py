"""Utilties for generating data from tf.Examples."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from contextlib import contextmanager

import six
import tensorflow.compat.v1 as tf


@contextmanager
def managed_session():
    """Yield a session that handles initialization and teardown."""
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        try:
            yield sess
        except tf.errors.OutOfRangeError:
            tf.logging.info("OutOfRangeError")

        coord.request_stop()
        coord.join(threads)


def write_examples(path, rows):
    with tf.python_io.TFRecordWriter(path) as writer:
        for row in rows:
            feature = {}
            for key, value in six.iteritems(row):
                if isinstance(value, str):
                    feature[key] = tf.train.Feature(bytes_list=tf.train.BytesList(value=[value.encode()]))
                elif isinstance(value, list):
                    feature[key] = tf.train.Feature(int64_list=tf.train.Int64List(value=value))
                else:
                    feature[key] = tf.train.Feature(float_list=tf.train.FloatList(value=[value]))
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())


def examples_queue(filenames, features, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, features)
    return tf.train.batch(parsed, batch_size=batch_size, allow_smaller_final_batch=True)
