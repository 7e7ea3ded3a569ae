"""A `py_func` producer that returns whole chunks of rows from a Python object (a pandas-style loader), batched with
`enqueue_many=True`; the producer raises StopIteration when its rows run out, which ends the pipeline."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class ChunkLoader(object):
    def __init__(self, paths, chunk):
        self.rows = []
        for path in paths:
            with open(path) as f:
                next(f)
                for line in f:
                    a, b, label = line.strip().split(",")
                    self.rows.append((int(a), float(b), int(label)))
        self.rows = self.rows[:40]
        self.chunk = chunk
        self.position = 0

    def next_chunk(self):
        if self.position >= len(self.rows):
            raise StopIteration
        part = self.rows[self.position:self.position + self.chunk]
        self.position += self.chunk
        a = np.array([r[0] for r in part], dtype=np.int64)
        b = np.array([r[1] for r in part], dtype=np.float32)
        label = np.array([r[2] for r in part], dtype=np.int64)
        return a, b, label


def main(data_dir):
    loader = ChunkLoader([os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)], chunk=7)
    a, b, label = tf.py_func(loader.next_chunk, [], [tf.int64, tf.float32, tf.int64], stateful=True,
                             name="load_chunk")
    a.set_shape([None])
    b.set_shape([None])
    label.set_shape([None])
    batch = tf.train.batch([a, b, label], batch_size=9, enqueue_many=True, num_threads=1, capacity=27,
                           allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xa, xb, xl = sess.run(batch)
                batches.append([xa.tolist(), xb.tolist(), xl.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
