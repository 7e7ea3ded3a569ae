"""A table reader whose `get_loader` method hands the placeholders its caller gives it on to a loader class that
makes a FIFOQueue from them (tftables' `get_fifoloader` shape); one feeding thread, closed at the end."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def write_rows(data_dir, name, n=12):
    folder = os.path.join(data_dir, 'fixX_' + name)
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(n):
            f.write('%d,%d,%.1f,%d\n' % (i % 24, (i + len(name)) % 7, 10 + i * 0.5, 20 * i + 3))
    return path


def open_table(path, chunk):
    return Table(path, chunk)


class Table:
    def __init__(self, path, chunk):
        self.path = path
        self.chunk = chunk

    def chunks(self):
        table = np.loadtxt(self.path, delimiter=',', dtype=np.float32)
        features, counts = table[:, :3], table[:, 3].astype(np.int32)
        for start in range(0, len(counts), self.chunk):
            yield features[start:start + self.chunk], counts[start:start + self.chunk]

    def get_loader(self, inputs, capacity=20):
        return Loader(inputs, self.chunks, capacity)


class Loader(object):

    def __init__(self, inputs, chunks, capacity=20):
        self.inputs = inputs
        self.chunks = chunks
        self.queue = tf.FIFOQueue(capacity=capacity, dtypes=[p.dtype for p in self.inputs],
                                  shapes=[p.get_shape()[1:].as_list() for p in self.inputs])
        self.enqueue_op = self.queue.enqueue_many(list(self.inputs))
        self.close_op = self.queue.close()

    def thread_main(self, sess):
        for data in self.chunks():
            sess.run(self.enqueue_op, feed_dict=dict(zip(self.inputs, data)))
        sess.run(self.close_op)

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]

    def dequeue(self, batch_size):
        return self.queue.dequeue_many(batch_size)
