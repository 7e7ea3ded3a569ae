"""A fixed-length reader kept on the object, its record size an attribute set once in `__init__` from a module
constant; the class's `records()` reads it, and `record_batch` (the only caller) makes an object per call."""

import tensorflow.compat.v1 as tf

RECORD_BYTES = 8


class FixedRecords(object):
    def __init__(self, files, header=4):
        self.files = files
        self.record_bytes = RECORD_BYTES
        self.reader = tf.FixedLengthRecordReader(record_bytes=self.record_bytes, header_bytes=4)

    def records(self, batch_size):
        queue = tf.train.string_input_producer(self.files, num_epochs=2, shuffle=False)
        _, value = self.reader.read(queue)
        pair = tf.decode_raw(value, tf.int32)
        pair.set_shape([2])
        return tf.train.batch([pair[0], pair[1] - pair[0]], batch_size=batch_size)


def record_batch(files, batch_size):
    return FixedRecords(files).records(batch_size)
