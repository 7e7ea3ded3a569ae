"""A `tf.py_func` producer over a Python generator of the fixed-length records; `next()` raising
StopIteration ends the input (OutOfRangeError); batched with a smaller final batch."""

import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf


def fixed_records(paths, header=4, record=8):
    for path in paths:
        with open(path, 'rb') as f:
            f.read(header)
            while True:
                chunk = f.read(record)
                if len(chunk) < record:
                    break
                yield struct.unpack('<ii', chunk)


class RecordSource(object):
    def __init__(self, paths):
        self._records = fixed_records(paths)
        self.count = 0

    def next_record(self):
        ident, value = next(self._records)
        self.count += 1
        return np.int64(ident), np.float32(value) - np.float32(ident)


def main(data_dir):
    paths = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(3)]
    source = RecordSource(paths)

    ident, value = tf.py_func(source.next_record, [], [tf.int64, tf.float32], stateful=True,
                              name='next_record')
    ident.set_shape([])
    value.set_shape([])
    id_batch, value_batch = tf.train.batch([ident, value], batch_size=5, num_threads=1, capacity=20,
                                           allow_smaller_final_batch=True)

    batches = []
    end = None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                ids, values = sess.run([id_batch, value_batch])
                batches.append([ids.tolist(), values.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
