"""A small company data-access layer: features are registered on a provider, which then owns the reader,
the parsing and the batching."""
import collections

import tensorflow.compat.v1 as tf


class DataProvider(object):
    """Reads TFRecord shards into dict batches."""

    def __init__(self, files, name='provider'):
        self.files = list(files)
        self.name = name
        self._specs = collections.OrderedDict()

    def register_feature(self, key, spec):
        self._specs[key] = spec
        return self

    def _read(self, num_epochs):
        with tf.name_scope(self.name):
            queue = tf.train.string_input_producer(self.files, num_epochs=num_epochs, shuffle=False,
                                                   name='files')
            _, serialized = tf.TFRecordReader(name='reader').read(queue)
            return tf.parse_single_example(serialized, dict(self._specs))

    def batch(self, batch_size, num_epochs=1):
        features = self._read(num_epochs)
        return tf.train.batch(features, batch_size=batch_size, capacity=4 * batch_size,
                              allow_smaller_final_batch=True, name=self.name + '_batch')
