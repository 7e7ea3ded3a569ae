"""Metronome ticks (an array of rows) through a feeding helper of this module called by two input functions: a
training one read by `dequeue_many` over one epoch (its short tail lost as the closed queue lost it) and an
evaluation one read by `dequeue_up_to` over two epochs; one session, each read until its queue is done."""
import threading

import numpy as np
import tensorflow as tf


class _Ticks(object):
    def __init__(self, holders, array, size, num_epochs=None):
        self._holders, self._array, self._size, self._num_epochs = holders, array, size, num_epochs
        self._next, self._epoch = 0, 0

    def __call__(self):
        if self._num_epochs is not None and self._epoch >= self._num_epochs:
            raise tf.errors.OutOfRangeError(None, None, 'done')
        stop = min(self._next + self._size, len(self._array))
        rows = list(range(self._next, stop))
        self._next = stop % len(self._array)
        self._epoch += stop == len(self._array)
        return {self._holders[0]: rows, self._holders[1]: self._array[rows]}


class _FedRunner(tf.compat.v1.train.QueueRunner):
    def __init__(self, queue, enqueue_ops, feed_fns):
        super().__init__(queue, enqueue_ops)
        self._feed_fns = feed_fns

    def create_threads(self, sess, coord=None, daemon=False, start=False):
        def loop(op, feed_fn):
            try:
                while True:
                    sess.run(op, feed_dict=feed_fn())
            except tf.errors.OutOfRangeError:
                sess.run(self._close_op)
        threads = [threading.Thread(target=loop, args=(op, fn), daemon=True)
                   for op, fn in zip(self._enqueue_ops, self._feed_fns)]
        for t in threads:
            if start:
                t.start()
        return threads


def enqueue_rows(data, capacity, shuffle=False, num_threads=1, enqueue_size=1, num_epochs=None):
    types = [tf.int64, tf.as_dtype(data.dtype)]
    shapes = [(), data.shape[1:]]
    queue = tf.queue.FIFOQueue(capacity, dtypes=types, shapes=shapes)
    enqueue_ops = []
    feed_fns = []
    for _ in range(num_threads):
        holders = [tf.compat.v1.placeholder(t) for t in types]
        enqueue_ops.append(queue.enqueue_many(holders))
        feed_fns.append(_Ticks(holders, data, enqueue_size, num_epochs=num_epochs))
    tf.compat.v1.train.add_queue_runner(_FedRunner(queue, enqueue_ops=enqueue_ops, feed_fns=feed_fns))
    return queue


def train_input_fn(ticks):
    queue = enqueue_rows(ticks, 20, enqueue_size=3, num_epochs=1)
    _, rows = queue.dequeue_many(3)
    return rows


def eval_input_fn(ticks):
    q = enqueue_rows(ticks, 20, enqueue_size=2, num_epochs=2)
    batch = q.dequeue_up_to(3)
    return batch[1]


def main(data_dir):
    ticks = (np.arange(16, dtype=np.float32) * 0.25).reshape(8, 2)
    train, evaluate = train_input_fn(ticks), eval_input_fn(ticks)
    batches = []
    sess = tf.compat.v1.Session()
    tf.compat.v1.train.start_queue_runners(sess)
    for tensor in (train, evaluate):
        try:
            while True:
                batches.append(sess.run(tensor).tolist())
        except tf.errors.OutOfRangeError:
            batches.append('done')
    sess.close()
    return {'batches': batches, 'end': 'batches: %d' % len(batches)}
