"""Batcher after textsum's batch_reader, with the fix of tensorflow/models issue #979.

In textsum every filler thread made its own generator over the same files, so the queue held each
example once per thread ("textsum: Duplicate data in queue").  The fix suggested there: one
generator, made once, shared by the threads behind a lock.
"""
import threading

import tensorflow.compat.v1 as tf

from tide62_lib import data


class Batcher(object):
    """Feeds survey rows into a FIFOQueue from several Python threads."""

    def __init__(self, paths, batch_size, num_threads=2):
        self._batch_size = batch_size
        self._num_threads = num_threads
        self._input_gen = data.ExampleGen(paths)  # made once (the fix)
        self._gen_lock = threading.Lock()
        self._done_lock = threading.Lock()
        self._finished = 0
        self._pool = tf.placeholder(tf.string, [])
        self._species = tf.placeholder(tf.string, [])
        self._count = tf.placeholder(tf.int32, [])
        self._queue = tf.FIFOQueue(64, [tf.string, tf.string, tf.int32], shapes=[[], [], []])
        self._enqueue = self._queue.enqueue([self._pool, self._species, self._count])
        self._close = self._queue.close()
        self._threads = []

    def NextBatch(self):
        return self._queue.dequeue_many(self._batch_size)

    def _FillInputQueue(self, sess):
        while True:
            with self._gen_lock:
                try:
                    pool, species, count = next(self._input_gen)
                except StopIteration:
                    break
            sess.run(self._enqueue, feed_dict={self._pool: pool, self._species: species, self._count: count})
        with self._done_lock:
            self._finished += 1
            if self._finished == self._num_threads:
                sess.run(self._close)

    def Start(self, sess):
        for _ in range(self._num_threads):
            t = threading.Thread(target=self._FillInputQueue, args=(sess,))
            t.daemon = True
            t.start()
            self._threads.append(t)

    def Join(self):
        for t in self._threads:
            t.join()
