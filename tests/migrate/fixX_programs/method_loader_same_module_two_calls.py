"""The reader class and its loader in the program's own module, `loader_for` called twice (by two functions) (a train and an eval
table, each its own loader and queue), the placeholders a literal list each time; `from tensorflow.compat.v1
import placeholder` style."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import placeholder


class Loader:
    def __init__(self, inputs, chunks, capacity):
        self.inputs = inputs
        self.chunks = chunks
        self.queue = tf.FIFOQueue(capacity, [p.dtype for p in inputs], [p.get_shape()[1:] for p in inputs])
        self.enqueue_op = self.queue.enqueue_many(inputs)
        self.close_op = self.queue.close()

    def feed(self, sess):
        for data in self.chunks():
            sess.run(self.enqueue_op, feed_dict=dict(zip(self.inputs, data)))
        sess.run(self.close_op)

    def start(self, sess):
        thread = threading.Thread(target=self.feed, args=(sess,))
        thread.daemon = True
        thread.start()
        return thread

    def dequeue(self, n):
        return self.queue.dequeue_many(n)


class Reader:
    def __init__(self, array):
        self.array = array

    def chunks(self):
        for start in range(0, len(self.array), 4):
            part = self.array[start:start + 4]
            yield part[:, :2], part[:, 2].astype(np.int64)

    def loader_for(self, inputs, capacity=10):
        return Loader(inputs, self.chunks, capacity)


def batches_of(loader, xy, label):
    batches = []
    with tf.Session() as sess:
        thread = loader.start(sess)
        try:
            while True:
                a, b = sess.run([xy, label])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        thread.join()
    return batches


def train(path):
    reader = Reader(np.load(path))
    loader = reader.loader_for([placeholder(tf.float64, [None, 2]), placeholder(tf.int64, [None])])
    xy, label = loader.dequeue(2)
    return batches_of(loader, xy, label)


def evaluate():
    xs = placeholder(tf.float64, [None, 2])
    labels = placeholder(tf.int64, [None])
    loader = Reader(np.arange(18, dtype=np.float64).reshape(6, 3) * 0.5).loader_for([xs, labels], 4)
    xy, label = loader.dequeue(2)
    return batches_of(loader, xy, label)


def main(data_dir):
    folder = os.path.join(data_dir, 'fixX_same')
    os.makedirs(folder, exist_ok=True)
    np.save(os.path.join(folder, 'train.npy'), np.arange(30, dtype=np.float64).reshape(10, 3))
    first = train(os.path.join(folder, 'train.npy'))
    second = evaluate()
    return {'batches': first + second, 'end': 'batches: %d' % (len(first) + len(second))}
