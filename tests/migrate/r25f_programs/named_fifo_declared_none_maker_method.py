"""The queue, its ops and the dict of placeholders declared None in __init__, then made by a method only __init__
calls (_create_queue_and_ops); the starter returns one thread."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class QueueRunnerBase(object):
    def __init__(self, rows, capacity=5):
        self.rows = rows
        self.capacity = capacity
        self._queue = None
        self._enqueue_op = None
        self._close_op = None
        self._phs = None
        self._create_queue_and_ops(dequeue_size=3)

    def _create_queue_and_ops(self, dequeue_size):
        self._phs = {'x': tf.placeholder(tf.float32, [None], name='x'),
                     'y': tf.placeholder(tf.int32, [None], name='y')}
        self._queue = tf.FIFOQueue(self.capacity, [tf.float32, tf.int32], shapes=[[], []], names=['x', 'y'])
        self._enqueue_op = self._queue.enqueue_many(self._phs)
        self._close_op = self._queue.close()
        self._dequeue_size = dequeue_size

    def pop_batch_op(self):
        return self._queue.dequeue_up_to(self._dequeue_size)

    def _push(self, sess):
        for x, y in self.rows:
            sess.run(self._enqueue_op, feed_dict={self._phs['x']: x, self._phs['y']: y})
        sess.run(self._close_op)

    def run_threads(self, sess):
        thread = threading.Thread(target=self._push, args=(sess,))
        thread.start()
        return thread


def main(data_dir):
    rows = [(np.arange(3, dtype=np.float32) + 3 * k, np.full([3], k, np.int32)) for k in range(3)]
    runner = QueueRunnerBase(rows)
    batch = runner.pop_batch_op()
    batches, end = [], None
    with tf.Session() as sess:
        thread = runner.run_threads(sess)
        try:
            while True:
                b = sess.run(batch)
                batches.append({k: v.tolist() for k, v in b.items()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': batches, 'end': end}
