"""A class defined in the input function whose method binds `value` itself (read before its second binding),
and a lambda whose parameter is spelled `value` too."""
import os

import tensorflow.compat.v1 as tf

from n1_lib import records


def batches(path):
    class Decoder(object):
        def __call__(self, record):
            parsed = tf.parse_single_example(record, {"raw": tf.FixedLenFeature([], tf.string),
                                                      "tag": tf.FixedLenFeature([], tf.int64)})
            value = tf.decode_raw(parsed["raw"], tf.uint8)
            value.set_shape([4])
            value = tf.cast(value, tf.int32) + tf.cast(parsed["tag"], tf.int32)
            return value

    shift = lambda value: value * 3
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, record = tf.TFRecordReader().read(queue)
    value = Decoder()(record)
    value = shift(value)
    return tf.train.batch([value], batch_size=2)


def main(data_dir):
    path = records.write(os.path.join(data_dir, "n1_class"), seed=7)
    return records.drain([batches(path)])
