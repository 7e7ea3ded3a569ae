"""Fixed-length pelican colony count records: int32 colony id, int32 count, float32 latitude / longitude."""
import tensorflow.compat.v1 as tf


class PelicanCountSource(object):
    RECORD_BYTES = 16
    SPLITS = {'train': ['counts_a.bin', 'counts_b.bin'], 'eval': ['counts_eval.bin']}

    def __init__(self, split):
        self.split = split

    def file_names(self):
        return self.SPLITS[self.split]

    def make_reader(self):
        return tf.FixedLengthRecordReader(record_bytes=self.RECORD_BYTES)

    def decode(self, value):
        ints = tf.decode_raw(tf.substr(value, 0, 8), tf.int32)
        floats = tf.decode_raw(tf.substr(value, 8, 8), tf.float32)
        ints.set_shape([2])
        floats.set_shape([2])
        return {'colony': ints[0], 'count': ints[1], 'position': floats}
