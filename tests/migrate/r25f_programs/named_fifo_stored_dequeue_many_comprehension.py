"""NiftyNet's InputBatchQueueRunner shape in one class: the dequeue kept as self._dequeue_func (dequeue_many), the
feed_dict a comprehension over the window dict's items on the line before the run, the close in the loop's else."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class WindowQueue(object):
    def __init__(self, source, capacity=8, batch=2):
        self.source = source
        self._placeholders = {
            'window': tf.placeholder(tf.float32, [None, 3], name='window'),
            'index': tf.placeholder(tf.int64, [None], name='index'),
        }
        self._queue = tf.FIFOQueue(capacity, [tf.int64, tf.float32], shapes=[[], [3]], names=['index', 'window'])
        self._dequeue_func = self._queue.dequeue_many
        self._enqueue_op = self._queue.enqueue_many(self._placeholders)
        self._close_op = self._queue.close(cancel_pending_enqueues=False)
        self._batch = batch

    def pop_batch_op(self):
        return self._dequeue_func(self._batch)

    def _push(self, sess, coord):
        for output in self.source():
            if coord.should_stop():
                break
            feed = {self._placeholders[name]: value for name, value in output.items()}
            sess.run(self._enqueue_op, feed_dict=feed)
        else:
            sess.run(self._close_op)

    def run_threads(self, sess, coord):
        thread = threading.Thread(target=self._push, args=(sess, coord))
        thread.daemon = True
        thread.start()
        return [thread]


def windows():
    for k in range(5):
        yield {'window': np.arange(6, dtype=np.float32).reshape(2, 3) + 10 * k,
               'index': np.array([2 * k, 2 * k + 1], np.int64)}


def main(data_dir):
    q = WindowQueue(windows)
    batch = q.pop_batch_op()
    batches, end = [], None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = q.run_threads(sess, coord)
        try:
            while True:
                b = sess.run(batch)
                batches.append({k: v.tolist() for k, v in b.items()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
