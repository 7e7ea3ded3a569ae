import threading
import tensorflow.compat.v1 as tf


class EnqueueThread(threading.Thread):
    def __init__(self, inputs, capacity, queue_class):
        """Thread for enqueue and dequeue

        Args:
            inputs (list): List of placeholder
            capacity (int): Size of queue
            queue_class : Function for initialize queue
        """
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
        self.op = self.queue.enqueue(self.inputs)
        self.close_op = self.queue.close()

    def _get_shape(self):
        return [i.get_shape() for i in self.inputs]

    def prepare(self, sess, sample_fn):
        self.sess = sess
        self.sample_fn = sample_fn

    def dequeue(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def run(self):
        for data in self.sample_fn():
            if self.should_stop:
                break
            self.sess.run(self.op, feed_dict=dict(zip(self.inputs, data)))
        self.sess.run(self.close_op)
