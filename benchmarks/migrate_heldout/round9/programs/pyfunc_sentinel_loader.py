"""A loader object whose py_func hands out the next record of the binary files, read in Python, and returns a
sentinel (label -1) once they are exhausted; tf.train.batch queues them and the loop stops at the first
sentinel, keeping the rows before it."""

import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

SENTINEL = -1


class RecordLoader(object):

    def __init__(self, data_dir, num_files=2, header_bytes=4, record_bytes=8):
        self.records = []
        for i in range(num_files):
            with open(os.path.join(data_dir, 'fixed-%d.bin' % i), 'rb') as f:
                data = f.read()[header_bytes:]
            for off in range(0, len(data), record_bytes):
                self.records.append(struct.unpack('<ii', data[off:off + record_bytes]))
        self.position = 0

    def next_example(self):
        if self.position >= len(self.records):
            return np.zeros([2], np.float32), np.int64(SENTINEL)
        index, value = self.records[self.position]
        self.position += 1
        return np.array([index, value / 3.0], np.float32), np.int64(index % 4)

    def example(self):
        features, label = tf.py_func(self.next_example, [], [tf.float32, tf.int64], stateful=True,
                                     name='next_example')
        features.set_shape([2])
        label.set_shape([])
        return features, label


def main(data_dir):
    loader = RecordLoader(data_dir)
    features, label = loader.example()
    feature_batch, label_batch = tf.train.batch([features, label], batch_size=5, num_threads=1, capacity=20)

    batches = []
    end = None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while end is None:
            f, l = sess.run([feature_batch, label_batch])
            rows = [i for i, v in enumerate(l.tolist()) if v == SENTINEL]
            if rows:
                cut = rows[0]
                if cut:
                    batches.append([f[:cut].tolist(), l[:cut].tolist()])
                end = 'sentinel'
            else:
                batches.append([f.tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
