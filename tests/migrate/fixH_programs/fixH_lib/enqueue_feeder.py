"""A feeding thread class handed its placeholders and its queue class (round 52's `EnqueueThread`)."""
import threading

import tensorflow.compat.v1 as tf


class EnqueueThread(threading.Thread):
    def __init__(self, inputs, capacity, queue_class):
        super(EnqueueThread, self).__init__()
        self.daemon = True
        self.inputs = inputs
        self.capacity = capacity
        self.queue = queue_class(
            capacity=self.capacity,
            dtypes=[i.dtype for i in self.inputs],
            shapes=self._get_shape()
        )
        self.should_stop = False
        self.enqueue_op = self.queue.enqueue_many(self.inputs)
        self.close_op = self.queue.close()

    def _get_shape(self):
        shapes = []
        for i in self.inputs:
            shape = i.get_shape()
            shape = tf.TensorShape(shape.dims[1:])
            shapes.append(shape)
        return shapes

    def prepare(self, sess, sample_fn):
        self.sess = sess
        self.sample_fn = sample_fn

    def dequeue(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def run(self):
        for data in self.sample_fn():
            if self.should_stop:
                break
            feed_dict = dict(zip(self.inputs, data))
            self.sess.run(self.enqueue_op, feed_dict=feed_dict)
        self.sess.run(self.close_op)

    def stop(self):
        self.should_stop = True


def chunks(n, size, offset):
    """(ids, kg triples) arrays of `size` rows (the last shorter)."""
    import numpy as np
    for start in range(0, n, size):
        ids = np.arange(start, min(n, start + size), dtype=np.int64) + offset
        yield ids, np.stack([ids * 0.5, ids * 1.5, ids * 2.5], axis=1).astype(np.float32)
