"""Variable-length episodes in TFRecords, read by a helper whose file list comes from ``glob`` and is reversed
under a flag (``from tensorflow.compat.v1 import train`` style; the flag given positionally)."""
import glob

import tensorflow as tf
from tensorflow.compat.v1 import train


def episode(pattern, newest_first=True, width=2):
    files = sorted(glob.glob(pattern))
    if newest_first:
        files = list(reversed(files))
    fq = train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, record = tf.compat.v1.TFRecordReader().read(fq)
    parsed = tf.io.parse_single_example(record, {
        'steps': tf.io.VarLenFeature(tf.float32),
        'id': tf.io.FixedLenFeature([], tf.int64),
    })
    steps = tf.reshape(tf.sparse.to_dense(parsed['steps']), [-1, width])
    return parsed['id'], steps, tf.shape(steps)[0]
