"""A class's ``read`` method decodes ``(events, keep)`` from ``read(queue).value`` of a reader made inline, the
object made inline too (``Decoder().read(queue)``); the caller batches ``events`` alone, the mask unused
(``from tensorflow.compat.v1 import train`` for the producer and the batch)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def decode(value):
    parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32),
                                             "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"] + 1.0, parsed["label"] > 50


class Decoder(object):
    def read(self, queue):
        return decode(tf.TFRecordReader().read(queue).value)


def batch(data_dir, size):
    queue = train.string_input_producer([os.path.join(data_dir, "records-3.tfrecord")], num_epochs=2, shuffle=False)
    events, keep = Decoder().read(queue)
    return train.batch([events], size)


def main(data_dir):
    events = batch(data_dir, 6)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(events).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
