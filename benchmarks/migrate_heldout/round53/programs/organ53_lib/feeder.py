import threading

import numpy as np
import tensorflow.compat.v1 as tf


class PipeFeeder(object):
    """Two Python threads push halves of the pipe table through placeholders (enqueue_many, chunks of 3)
    into a RandomShuffleQueue; the last thread to finish closes the queue."""

    def __init__(self, ranks, lengths, num_threads=2, chunk=3, capacity=40):
        self.ranks = ranks
        self.lengths = lengths
        self.num_threads = num_threads
        self.chunk = chunk
        self.rank_ph = tf.placeholder(tf.int32, [None], name="rank_ph")
        self.length_ph = tf.placeholder(tf.float32, [None, 2], name="length_ph")
        self.queue = tf.RandomShuffleQueue(capacity, 0, [tf.int32, tf.float32], shapes=[[], [2]],
                                           seed=53, name="pipe_queue")
        self.enqueue_op = self.queue.enqueue_many([self.rank_ph, self.length_ph])
        self.close_op = self.queue.close()
        self._lock = threading.Lock()
        self._running = 0

    def dequeue_up_to(self, n):
        return self.queue.dequeue_up_to(n)

    def _work(self, sess, coord, part):
        idx = np.array_split(np.arange(len(self.ranks)), self.num_threads)[part]
        try:
            for s in range(0, len(idx), self.chunk):
                if coord.should_stop():
                    break
                sel = idx[s:s + self.chunk]
                sess.run(self.enqueue_op, feed_dict={self.rank_ph: self.ranks[sel],
                                                     self.length_ph: self.lengths[sel]})
        except Exception as e:
            coord.request_stop(e)
        finally:
            with self._lock:
                self._running -= 1
                last = self._running == 0
            if last:
                sess.run(self.close_op)

    def start_threads(self, sess, coord):
        threads = []
        self._running = self.num_threads
        for part in range(self.num_threads):
            t = threading.Thread(target=self._work, args=(sess, coord, part))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads
