"""A class of this module whose documented ``reader()`` makes the reader; the object is made in the function that
reads (the ``from tensorflow.compat.v1 import train`` import style for the producer and the batch)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Records(object):
    def __init__(self, data_dir):
        self.files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]

    def reader(self):
        """One reader for one entry at a time."""
        return tf.TFRecordReader()


def main(data_dir):
    records = Records(data_dir)
    queue = train.string_input_producer(records.files, shuffle=False, num_epochs=1)
    reader = records.reader()
    _, value = reader.read(queue)
    parsed = tf.parse_single_example(value, {"x": tf.FixedLenFeature([3], tf.float32)})
    x = tf.reduce_sum(parsed["x"])
    batch = train.batch([x], batch_size=9)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
