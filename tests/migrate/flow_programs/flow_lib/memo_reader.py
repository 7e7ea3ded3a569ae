"""A record reader whose file queue is memoized by a method (`if not hasattr(self, '_fq')`)."""

import tensorflow as tf


class RecordReader(object):

    def __init__(self, files, num_epochs):
        self.files = files
        self.num_epochs = num_epochs

    def file_queue(self):
        if not hasattr(self, '_fq'):
            self._fq = tf.compat.v1.train.string_input_producer(self.files, num_epochs=self.num_epochs,
                                                                 shuffle=False)
        return self._fq

    def _record(self, scale):
        _, serialized = tf.compat.v1.TFRecordReader().read(self.file_queue())
        parsed = tf.io.parse_single_example(serialized, {'x': tf.io.FixedLenFeature([3], tf.float32),
                                                         'label': tf.io.FixedLenFeature([], tf.int64)})
        return parsed['x'] * scale, parsed['label']

    def batches(self, batch_size):
        x, label = self._record(0.5)
        return tf.compat.v1.train.batch([x, label], batch_size=batch_size, allow_smaller_final_batch=True)
