"""int16 clips as fixed-length records after a file header: the reader's sizes are this module's constants, a
literal (``HEADER_BYTES``) and an expression of other constants (``RECORD_BYTES``)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

SAMPLES = 4
LABEL_BYTES = 1
HEADER_BYTES = 3
RECORD_BYTES = LABEL_BYTES + SAMPLES * 2


def write_clips(out_dir, name, count, seed):
    rs = np.random.RandomState(seed)
    path = os.path.join(out_dir, "clips_%s.bin" % name)
    with open(path, "wb") as f:
        f.write(b"HDR")
        for _ in range(count):
            f.write(np.uint8(rs.randint(0, 4)).tobytes())
            f.write(rs.randint(-2000, 2000, SAMPLES).astype("<i2").tobytes())
    return path


def read_clip(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES, header_bytes=HEADER_BYTES)
    _, value = reader.read(filename_queue)
    label = tf.cast(tf.decode_raw(value, tf.uint8)[0], tf.int32)
    samples = tf.decode_raw(tf.substr(value, LABEL_BYTES, SAMPLES * 2), tf.int16)
    samples.set_shape([SAMPLES])
    return [tf.cast(samples, tf.int32), label]
