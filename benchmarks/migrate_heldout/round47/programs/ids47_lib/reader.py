# coding=utf-8
import tensorflow as tf


class Reader(object):
    """ Base reader: holds the options, batches what a subclass decodes """

    def __init__(self, input_glob, batch_size, is_training, num_epochs=1, **kwargs):
        self.input_glob = input_glob
        self.batch_size = batch_size
        self.is_training = is_training
        self.num_epochs = num_epochs
        self.num_parallel_reads = kwargs.pop("num_parallel_reads", 1)
        self.input_schema = kwargs.pop("input_schema", None)

    def get_input_fn(self):
        def input_fn():
            output_dict = self._read_one()
            if self.is_training:
                return tf.compat.v1.train.shuffle_batch(
                    output_dict, self.batch_size, capacity=self.batch_size * 4,
                    min_after_dequeue=self.batch_size, num_threads=self.num_parallel_reads)
            return tf.compat.v1.train.batch(output_dict, self.batch_size,
                                            num_threads=self.num_parallel_reads,
                                            allow_smaller_final_batch=True)
        return input_fn

    def _read_one(self):
        raise NotImplementedError
