"""The subclass, in another module: fixed-length float rows, the width set in ``__init__``."""
import tensorflow.compat.v1 as tf

from i4_lib.base import RowSource


class FloatRows(RowSource):
    def make_reader(self):
        return tf.FixedLengthRecordReader(record_bytes=4 * self.width)

    def parse_record(self, value):
        row = tf.decode_raw(value, tf.float32)
        row.set_shape([self.width])
        return [tf.cast(row[0], tf.int32), row[1:]]
