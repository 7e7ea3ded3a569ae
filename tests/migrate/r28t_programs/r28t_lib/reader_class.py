"""A reader class keeping its reader's keyword arguments on the instance (tefla's ``Reader``)."""
import tensorflow.compat.v1 as tf


class Reader(object):

    def __init__(self, files, reader_kwargs=None, num_epochs=None, shuffle=False):
        self.files = files
        self.reader_kwargs = reader_kwargs or {}
        self.num_epochs = num_epochs
        self.shuffle = shuffle

    def batch_inputs(self, batch_size):
        with tf.name_scope('batch_processing'):
            filename_queue = tf.train.string_input_producer(
                self.files, num_epochs=self.num_epochs, shuffle=self.shuffle)
            reader = tf.TFRecordReader(**self.reader_kwargs)
            _, record = reader.read(filename_queue)
            parsed = tf.parse_single_example(record, {
                'id': tf.FixedLenFeature([], tf.int64),
                'feats': tf.FixedLenFeature([2], tf.float32)})
            return tf.train.batch([parsed['id'], parsed['feats']], batch_size=batch_size,
                                  allow_smaller_final_batch=True)
