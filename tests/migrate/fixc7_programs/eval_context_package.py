"""Fixed-length records evaluated for a fixed number of batches inside another module's runner context."""
import math
import os
import struct

import tensorflow.compat.v1 as tf

from fixc7_lib import runners as qr


def _write(data_dir):
    path = os.path.join(data_dir, 'fixc7_records.bin')
    with open(path, 'wb') as f:
        for i in range(12):
            f.write(struct.pack('<hh', i, 3 * i - 7))
    return path, 12


def main(data_dir):
    path, n = _write(data_dir)
    files = tf.train.string_input_producer([path], shuffle=False)
    _, raw = tf.FixedLengthRecordReader(record_bytes=4).read(files)
    fields = tf.decode_raw(raw, tf.int16)
    ident, score = tf.cast(fields[0], tf.int32), tf.cast(fields[1], tf.int32)
    ids, scores = tf.train.batch([ident, score], batch_size=4, num_threads=1, capacity=8)
    mean, update = tf.metrics.mean(tf.cast(scores, tf.float32))
    num_batches = int(math.ceil(n / 4.0))
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    with qr.QueueRunners(sess):
        for _ in range(num_batches):
            i, s, _ = sess.run([ids, scores, update])
            batches.append([i.tolist(), s.tolist()])
    m = sess.run(mean)
    sess.close()
    return {'batches': batches, 'end': 'mean %.3f' % m}
