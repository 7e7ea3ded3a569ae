"""A reader object of another module: its fixed-length reader and queue kept on `self` in `__init__`."""

import tensorflow.compat.v1 as tf


class FixedSource(object):
    def __init__(self, paths, size):
        self.q = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        self.r = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
        _, raw = self.r.read(self.q)
        pair = tf.decode_raw(raw, tf.int32)
        self.batch = tf.train.batch([pair[0], pair[1] - pair[0]], batch_size=size, allow_smaller_final_batch=True)
