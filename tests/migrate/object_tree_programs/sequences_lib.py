"""The input class, in its own module."""
import os

import tensorflow.compat.v1 as tf


class SequenceReader(object):
    def __init__(self, data_dir, epochs=1):
        files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(2)]
        self.queue = tf.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
        _, record = tf.TFRecordReader().read(self.queue)
        parsed = tf.parse_single_example(record, {'x': tf.FixedLenFeature([3], tf.float32),
                                                  'label': tf.FixedLenFeature([], tf.int64)})
        self.x = parsed['x']
        self.label = parsed['label']

    def dequeue(self, num):
        return tf.train.batch([self.x, self.label], num, allow_smaller_final_batch=True)
