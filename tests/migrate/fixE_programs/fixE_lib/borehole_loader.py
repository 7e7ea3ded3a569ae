"""A loader in a package module (`tensorflow.compat.v1`): `makeQueue` returns the queue (its caller drops it);
the threads count up to `self.nThreads` under the instance's lock, the count zeroed by a method only
`__init__` calls; the feeding loop reports its errors to the coordinator; a shared work list under the lock."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class BoreholeLoader:
    def __init__(self, folder, batch_size):
        self.folder = folder
        self.batchSize = batch_size
        self.lock = threading.Lock()
        self.reload()

    def reload(self):
        self.fileNames = sorted(f for f in os.listdir(self.folder) if f.endswith('.npz'))
        self.chunks = []
        for fn in self.fileNames:
            with np.load(os.path.join(self.folder, fn)) as ds:
                n = ds['temps'].shape[0]
            for start in range(0, n, 3):
                self.chunks.append((fn, start))
        self.nextChunk = 0
        self.threadsDone = 0

    def makeQueue(self):
        self.X = tf.placeholder(tf.float32, [None, 4])
        self.Y = tf.placeholder(tf.int32, [None])
        self.queue = tf.FIFOQueue(capacity=self.batchSize * 4, dtypes=[tf.float32, tf.int32], shapes=[[4], []])
        self.enqueue_op = self.queue.enqueue_many([self.X, self.Y])
        self.close_op = self.queue.close()
        return self.queue

    def inputs(self):
        x, y = self.queue.dequeue_many(self.batchSize)
        return x, y

    def sampleChunk(self):
        with self.lock:
            if self.nextChunk >= len(self.chunks):
                return None
            fn, start = self.chunks[self.nextChunk]
            self.nextChunk += 1
        with np.load(os.path.join(self.folder, fn)) as ds:
            return ds['temps'][start:start + 3], ds['ids'][start:start + 3]

    def readThread(self, sess, coord):
        try:
            while not coord.should_stop():
                data = self.sampleChunk()
                if data is None:
                    break
                sess.run(self.enqueue_op, feed_dict={self.X: data[0], self.Y: data[1]})
        except Exception as e:
            coord.request_stop(e)
        finally:
            with self.lock:
                self.threadsDone += 1
                last = self.threadsDone == self.nThreads
            if last:
                sess.run(self.close_op)

    def startThreads(self, sess, coord, nThreads=2):
        self.nThreads = nThreads
        self.threads = []
        for i in range(nThreads):
            t = threading.Thread(target=self.readThread, args=(sess, coord))
            t.daemon = True
            t.start()
            self.threads.append(t)
        return self.threads
