import threading

import tensorflow.compat.v1 as tf


class EnqueueThread(threading.Thread):
    def __init__(self, inputs, size):
        super(EnqueueThread, self).__init__()
        self.daemon = True
        self.inputs = inputs
        self.size = size
        self.queue = tf.FIFOQueue(
            self.size, [i.dtype for i in self.inputs], self._get_shape())
        self.enqueue_op = self.queue.enqueue_many(self.inputs)
        self.close_op = self.queue.close()
        self.should_stop = False

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
        try:
            while not self.should_stop:
                data = self.sample_fn()
                if data is None:
                    break
                feed_dict = dict(zip(self.inputs, data))
                self.sess.run(self.enqueue_op, feed_dict=feed_dict)
        finally:
            self.sess.run(self.close_op)
