# coding=utf-8
import tensorflow.compat.v1 as tf


class Reader(object):
    """ Base reader: subclasses build one record's tensors in `decode_record`. """

    def __init__(self, batch_size, is_training, thread_num=1, input_queue=None, **kwargs):
        self.batch_size = batch_size
        self.is_training = is_training
        self.thread_num = thread_num
        self.input_queue = input_queue
        self.num_epochs = kwargs.get('num_epochs', 1)
        self.input_schema = kwargs.get('input_schema')

    def get_input_fn(self):
        def input_fn():
            record = self.get_record()
            features = self.decode_record(record)
            if self.is_training:
                return tf.train.shuffle_batch(features, batch_size=self.batch_size, capacity=64,
                                              min_after_dequeue=8, num_threads=self.thread_num, seed=21)
            return tf.train.batch(features, batch_size=self.batch_size, num_threads=self.thread_num)
        return input_fn

    def get_record(self):
        raise NotImplementedError

    def decode_record(self, record):
        raise NotImplementedError
