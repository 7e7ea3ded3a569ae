"""A reader base: its input_fn closure reads through methods each subclass defines."""
import tensorflow.compat.v1 as tf


class Reader(object):

    def __init__(self, batch_size, training, queue=None, epochs=1):
        self.batch_size = batch_size
        self.training = training
        self.queue = queue
        self.epochs = epochs

    def get_input_fn(self):
        def input_fn():
            line = self.get_record()
            row = self.decode_record(line)
            if self.training:
                return tf.train.shuffle_batch(row, batch_size=self.batch_size, capacity=32,
                                              min_after_dequeue=4, seed=3)
            return tf.train.batch(row, batch_size=self.batch_size)
        return input_fn

    def get_record(self):
        raise NotImplementedError

    def decode_record(self, record):
        raise NotImplementedError
