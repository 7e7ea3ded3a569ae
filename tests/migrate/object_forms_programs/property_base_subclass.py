"""A base class's lazy `queue` property (its memo `None` in the base's `__init__`), a subclass's lazy `pair`
property reading it through a fixed-length reader, and the subclass's `batch()` (called once) batching it."""

import glob
import os

import tensorflow.compat.v1 as tf


class Source(object):
    def __init__(self, data_dir, epochs):
        self.files = sorted(glob.glob(os.path.join(data_dir, 'fixed-*.bin')))
        self.epochs = epochs
        self._queue = None

    @property
    def queue(self):
        if self._queue is None:
            self._queue = tf.train.string_input_producer(self.files, num_epochs=self.epochs, shuffle=False)
        return self._queue


class Pairs(Source):
    _pair = None

    @property
    def pair(self):
        if self._pair is None:
            _, value = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4).read(self.queue)
            record = tf.decode_raw(value, tf.int32)
            self._pair = (record[0], record[1] * 2)
        return self._pair

    def batch(self, size):
        first, second = self.pair
        return tf.train.batch([first, second], batch_size=size, allow_smaller_final_batch=True)


def main(data_dir):
    firsts, seconds = Pairs(data_dir, 2).batch(7)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                f, s = sess.run([firsts, seconds])
                batches.append([f.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
