"""Chapter 5 companion code: reading binary drum-hit logs with a FixedLengthRecordReader.

Each record: 1 byte drum id (0 = don, 1 = ka), 1 byte strength, 4 bytes of timing (uint8 ms buckets).
"""
import os
import numpy as np
import tensorflow.compat.v1 as tf

LABEL_BYTES = 1
STRENGTH_BYTES = 1
TIMING_BYTES = 4
RECORD_BYTES = LABEL_BYTES + STRENGTH_BYTES + TIMING_BYTES


def write_logs(folder, n_files=2, per_file=6):
    rng = np.random.RandomState(61)
    if not os.path.isdir(folder):
        os.makedirs(folder)
    names = []
    for i in range(n_files):
        name = os.path.join(folder, 'hits_%d.bin' % i)
        data = np.zeros((per_file, RECORD_BYTES), np.uint8)
        data[:, 0] = rng.randint(0, 2, size=per_file)
        data[:, 1] = rng.randint(1, 10, size=per_file)
        data[:, 2:] = rng.randint(0, 250, size=(per_file, TIMING_BYTES))
        data.tofile(name)
        names.append(name)
    return names


class DrumRecord(object):
    pass


def read_hit(filename_queue):
    result = DrumRecord()
    reader = tf.FixedLengthRecordReader(record_bytes=RECORD_BYTES)
    result.key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record, [0], [LABEL_BYTES]), tf.int32)
    result.strength = tf.cast(record[LABEL_BYTES], tf.int32)
    result.timing = tf.cast(tf.reshape(tf.strided_slice(record, [LABEL_BYTES + STRENGTH_BYTES], [RECORD_BYTES]),
                                       [TIMING_BYTES]), tf.float32)
    return result


def inputs(filenames, batch_size):
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    hit = read_hit(filename_queue)
    timing = hit.timing / 250.0
    label = tf.reshape(hit.label, [])
    return tf.train.batch([timing, hit.strength, label], batch_size=batch_size,
                          num_threads=1, capacity=3 * batch_size)
