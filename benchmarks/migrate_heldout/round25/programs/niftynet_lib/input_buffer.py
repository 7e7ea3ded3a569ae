"""Queues that store windows (and their locations) for training or deployment."""
import threading

import tensorflow as tf

tf1 = tf.compat.v1


class InputBatchQueueRunner(object):
    """A light wrapper around a queue of input windows and their coordinates.

    After initialisation, ``run_threads()`` can be called with a session and a coordinator to start
    generating samples with several threads."""

    def __init__(self, capacity, shuffle=True):
        self.capacity = capacity
        self.shuffle = shuffle
        self._queue = None
        self._enqueue_op = None
        self._dequeue_func = None
        self._close_queue_op = None
        self._query_queue_size_op = None
        self._placeholders_dict = None
        self._window = None
        self._session = None
        self._coordinator = None
        self._threads = []

    def _create_queue_and_ops(self, window, enqueue_size=1, dequeue_size=1):
        self._window = window
        names = sorted(window.tf_dtypes)
        dtypes = [window.tf_dtypes[n] for n in names]
        shapes = [window.tf_shapes[n] for n in names]
        if self.shuffle:
            self._queue = tf1.RandomShuffleQueue(
                capacity=self.capacity, min_after_dequeue=self.capacity // 2,
                dtypes=dtypes, shapes=shapes, names=names, name='shuffled_queue')
            self._dequeue_func = self._queue.dequeue_many
        else:
            self._queue = tf1.PaddingFIFOQueue(
                capacity=self.capacity, dtypes=dtypes, shapes=shapes, names=names, name='FIFO_queue')
            self._dequeue_func = self._queue.dequeue_up_to
        self._placeholders_dict = window.placeholders_dict(n_samples=None)
        self._enqueue_op = self._queue.enqueue_many(self._placeholders_dict)
        self._query_queue_size_op = self._queue.size()
        self._close_queue_op = self._queue.close(cancel_pending_enqueues=True)
        self._finish_queue_op = self._queue.close(cancel_pending_enqueues=False)
        self._dequeue_size = dequeue_size

    @property
    def queue_size(self):
        return self._session.run(self._query_queue_size_op)

    def pop_batch_op(self):
        return self._dequeue_func(self._dequeue_size)

    def _push(self, thread_id):
        for output_dict in self():
            if self._coordinator.should_stop():
                break
            feed = {self._placeholders_dict[name]: output_dict[name] for name in output_dict}
            self._session.run(self._enqueue_op, feed_dict=feed)
        else:
            self._session.run(self._finish_queue_op)

    def run_threads(self, session, coord, num_threads=1):
        self._session = session
        self._coordinator = coord
        for idx in range(num_threads):
            thread = threading.Thread(target=self._push, args=(idx,))
            thread.daemon = True
            thread.start()
            self._threads.append(thread)
        return self._threads

    def close_all(self):
        if self._session is not None and not self._session._closed:
            self._session.run(self._close_queue_op)
        for thread in self._threads:
            thread.join()
