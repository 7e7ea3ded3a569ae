"""Source classes of a small input layer: fixed-length records (two classes sharing a base's ``make_reader``), text
lines (a class attribute ``reader_cls`` called as ``self.reader_cls()``)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class FixedBase(object):
    RECORD_BYTES = 8

    def __init__(self, folder):
        self.folder = folder

    def make_reader(self):
        return tf.FixedLengthRecordReader(record_bytes=self.RECORD_BYTES)

    def write(self, seed):
        os.makedirs(self.folder, exist_ok=True)
        rng = np.random.RandomState(seed)
        names = []
        for k in range(2):
            name = os.path.join(self.folder, "part%d.bin" % k)
            with open(name, "wb") as f:
                for i in range(5):
                    f.write(np.array([10 * k + i, rng.randint(0, 900)], dtype=np.int32).tobytes())
            names.append(name)
        return names


class Alpha(FixedBase):
    def decode(self, value):
        ints = tf.decode_raw(value, tf.int32)
        ints.set_shape([2])
        return ints[0], ints[1]


class Beta(FixedBase):
    def decode(self, value):
        ints = tf.decode_raw(value, tf.int32)
        ints.set_shape([2])
        return {"id": ints[0], "score": tf.cast(ints[1], tf.float32) / 4.0}


class TextSource(object):
    reader_cls = tf.TextLineReader

    def __init__(self, kind):
        self.kind = kind

    def make_reader(self):
        return self.reader_cls()

    def decode(self, line):
        return tf.strings.length(line), line


class UpperText(TextSource):
    def decode(self, line):
        return tf.strings.length(line), tf.strings.upper(line)
