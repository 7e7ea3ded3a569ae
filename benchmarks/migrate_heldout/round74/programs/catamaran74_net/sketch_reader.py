"""TensorFlow multi-thread, queue-based input pipeline.
    The db reader used is TFRecordReader, and we design the custom ops to
    decode raw data into input and label tensors.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function
from __future__ import unicode_literals

import tensorflow.compat.v1 as tf
from catamaran74_net.libs import decode_block


class SketchReader(object):
    """TFRecords data reader.
            Read data from TFRecord files, decode the raw block into input / label tensors.
    """

    def __init__(self, tfrecord_list, raw_size, shuffle=True, num_threads=1, batch_size=1, nb_epoch=None):
        self._tfrecord_list = tfrecord_list
        self._raw_size = raw_size
        self._shuffle = shuffle
        self._num_threads = num_threads
        self._batch_size = batch_size
        self._nb_epoch = nb_epoch
        self._queue = tf.train.string_input_producer(self._tfrecord_list, num_epochs=self._nb_epoch,
                                                     shuffle=self._shuffle)

    def _read_raw(self):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(self._queue)
        name, raw = decode_block.decode_block(serialized, tensor_size=self._raw_size)
        # input: the stroke map (channel 0); label: the hull normal map (channels 1..)
        input_data = tf.slice(raw, [0, 0, 0], [self._raw_size[0], self._raw_size[1], 1])
        label_data = tf.slice(raw, [0, 0, 1], [self._raw_size[0], self._raw_size[1], self._raw_size[2] - 1])
        return name, input_data, label_data

    def next_batch(self):
        name, input_data, label_data = self._read_raw()
        if self._shuffle:
            return tf.train.shuffle_batch([name, input_data, label_data], batch_size=self._batch_size,
                                          num_threads=self._num_threads, capacity=20 * self._batch_size,
                                          min_after_dequeue=2 * self._batch_size)
        return tf.train.batch([name, input_data, label_data], batch_size=self._batch_size,
                              num_threads=self._num_threads, capacity=20 * self._batch_size)
