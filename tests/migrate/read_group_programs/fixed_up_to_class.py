"""Fixed-length records read 5 at a time by a class's method (`import tensorflow as tf`), decoded per group."""

import glob
import os

import tensorflow as tf


class Groups(object):
    def __init__(self, data_dir):
        self.files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))

    def build(self, count=5):
        queue = tf.compat.v1.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        reader = tf.compat.v1.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        keys, values = reader.read_up_to(queue, count)
        numbers = tf.io.decode_raw(values, tf.int32)
        return tf.reduce_sum(numbers, axis=1)


def main(data_dir):
    sums = Groups(data_dir).build()
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                out.append(sess.run(sums).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
