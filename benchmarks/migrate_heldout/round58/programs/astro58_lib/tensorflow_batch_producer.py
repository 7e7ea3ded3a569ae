import os

import tensorflow as tf


class TensorFlowBatchProducer(object):
    """Base class: a subclass says how one serialized example is decoded; this class makes the queues."""

    def __init__(self, data_dir, train_file, val_file, test_file):
        self.data_dir = data_dir
        self.train_file = train_file
        self.val_file = val_file
        self.test_file = test_file

    def _read_and_decode_example(self, filename_queue):
        raise NotImplementedError

    def _get_batch_ops(self, tfrecord_name, batch_size, capacity, num_threads, min_after_dequeue,
                       num_epochs=None, shuffle=True, seed=None):
        filename = os.path.join(self.data_dir, tfrecord_name)
        with tf.compat.v1.name_scope('input'):
            filename_queue = tf.compat.v1.train.string_input_producer(
                [filename], num_epochs=num_epochs, shuffle=False)
            example = self._read_and_decode_example(filename_queue)
            if shuffle:
                return tf.compat.v1.train.shuffle_batch(
                    example, batch_size=batch_size, capacity=capacity,
                    num_threads=num_threads, min_after_dequeue=min_after_dequeue, seed=seed)
            return tf.compat.v1.train.batch(
                example, batch_size=batch_size, capacity=capacity, num_threads=num_threads)

    def get_train_batch_ops(self, batch_size=32, capacity=1000, num_threads=4, min_after_dequeue=10,
                            num_epochs=None, seed=None):
        return self._get_batch_ops(self.train_file, batch_size, capacity, num_threads, min_after_dequeue,
                                   num_epochs, True, seed)

    def get_val_batch_ops(self, batch_size=32, capacity=1000, num_threads=1, num_epochs=1):
        return self._get_batch_ops(self.val_file, batch_size, capacity, num_threads, 0, num_epochs, False)

    def get_test_batch_ops(self, batch_size=32, capacity=1000, num_threads=1, num_epochs=1):
        return self._get_batch_ops(self.test_file, batch_size, capacity, num_threads, 0, num_epochs, False)
