# -*- coding: utf-8 -*-
"""
This module define queues that stores training/evaluation fungi records (and labels)
"""

from __future__ import absolute_import, print_function, division

import threading

import tensorflow as tf


# pylint: disable=protected-access
class InputBatchQueueRunner(object):
    """
    This class defines a light wrapper around queue objects
    for observation windows.

    After initialisation, ``run_threads()`` can be called with
    ``tf.session`` and ``tf.coordinator`` to start generating samples
    with multiple threads.

    The sampling threads can be stopped by:
    ``close_all()`` called externally -- all threads quit immediately
    """

    def __init__(self, capacity, shuffle=True):
        # define queue properties
        self.capacity = capacity
        self.shuffle = shuffle
        self._min_queue_size = 0
        self._enqueue_size = 1

        # create queue and the associated operations
        self._queue = None
        self._enqueue_op = None
        self._close_queue_op = None
        self._query_queue_size_op = None
        self._window = None

        # keep track of session and threads created by this class instance
        self._session = None
        self._coordinator = None
        self._threads = []
        self._running = 0
        self._running_lock = threading.Lock()

    def _create_queue_and_ops(self, window, enqueue_size=1):
        """
        Create a shuffled queue or FIFO queue, and create queue
        operations. This should be called before tf.Graph.finalize.
        """
        self._window = window
        self._enqueue_size = enqueue_size
        if self.shuffle:
            self._min_queue_size = max(self.capacity // 2, enqueue_size)
            tf.compat.v1.logging.info('buffering with %d windows', self._min_queue_size)
            self._queue = tf.queue.RandomShuffleQueue(
                capacity=self.capacity,
                min_after_dequeue=self._min_queue_size,
                dtypes=window.tf_dtypes,
                shapes=window.shapes,
                names=window.names,
                name='shuffled_queue')
        else:
            self._queue = tf.queue.FIFOQueue(
                capacity=self.capacity,
                dtypes=window.tf_dtypes,
                shapes=window.shapes,
                names=window.names,
                name='FIFO_queue')

        # create queue operations
        queue_input_dict = window.placeholders_dict(n_samples=enqueue_size)
        self._enqueue_op = self._queue.enqueue_many(queue_input_dict)
        self._query_queue_size_op = self._queue.size()
        self._close_queue_op = self._queue.close(cancel_pending_enqueues=False)

    def _push(self, thread_id):
        tf.compat.v1.logging.info('New thread: %d', thread_id)
        try:
            for output_dict in self():
                if self._session._closed:
                    break
                if self._coordinator.should_stop():
                    break
                self._session.run(self._enqueue_op, feed_dict=output_dict)
        except tf.errors.CancelledError:
            pass
        except Exception as unknown_exception:  # pylint: disable=broad-except
            tf.compat.v1.logging.error(unknown_exception)
            self._coordinator.request_stop(unknown_exception)
        finally:
            with self._running_lock:
                self._running -= 1
                last_one = self._running == 0
            if last_one and not self._session._closed:
                # all windows of this epoch are in the buffer
                self._session.run(self._close_queue_op)

    def pop_batch_op(self, batch_size=2):
        """
        This function is used when connecting a sampler output
        to a network. e.g.::

            data_dict = self.get_sampler()[0].pop_batch_op(device_id)
            net_output = net_model(data_dict, is_training)

        .. Note::

            Note it squeezes the output tensor of 6 dims
            ``[batch, x, y, z, time, modality]``
            by removing all dims along which length is one.

        :return: a tensorflow graph op
        """
        assert self._queue is not None, 'queue not initialised'
        return self._queue.dequeue_up_to(batch_size)

    def run_threads(self, session, coord, num_threads=1):
        """
        This function should be called by application.driver,
        where a session and coordinator is maintained, it starts
        sampling threads to fill the queue.
        """
        tf.compat.v1.logging.info('Starting preprocessing threads...')
        self._session = session
        self._coordinator = coord
        self._running = num_threads
        for idx in range(num_threads):
            self._threads.append(threading.Thread(target=self._push, args=[idx]))
            self._threads[idx].daemon = True
            self._threads[idx].start()

    def close_all(self):
        """
        This function stops all threads immediately and close the queue.
        Further enqueue/dequeue operation raises errors
        """
        if not self._threads:
            return
        for thread in self._threads:
            thread.join()
        self._threads = []
