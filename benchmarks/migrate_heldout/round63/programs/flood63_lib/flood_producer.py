import os

import tensorflow.compat.v1 as tf

from flood63_lib.tensorflow_batch_producer import TensorFlowBatchProducer

HEIGHT = 4
WIDTH = 4
DEPTH = 2  # VV and VH backscatter


class FloodBatchProducer(TensorFlowBatchProducer):

    def __init__(self,
                 data_dir,
                 train_file,
                 val_file,
                 test_file):
        self.data_dir = data_dir
        self.train_file = train_file
        self.val_file = val_file
        self.test_file = test_file

    def _read_and_decode(self, filename_queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, features={
            'sar/encoded': tf.FixedLenFeature([], tf.string),
            'flood/fraction': tf.FixedLenFeature([], tf.float32),
            'tile/id': tf.FixedLenFeature([], tf.string),
        })
        sar = tf.decode_raw(features['sar/encoded'], tf.float32)
        sar = tf.reshape(sar, [HEIGHT, WIDTH, DEPTH])
        db = 10.0 * tf.log(tf.maximum(sar, 1e-4)) / tf.log(10.0)
        return db, features['flood/fraction'], features['tile/id']

    def _batch_ops(self, filename, batch_size, num_epochs, shuffle):
        filename_queue = tf.train.string_input_producer([os.path.join(self.data_dir, filename)],
                                                        num_epochs=num_epochs, shuffle=shuffle)
        sar, fraction, tile_id = self._read_and_decode(filename_queue)
        if shuffle:
            return tf.train.shuffle_batch([sar, fraction, tile_id], batch_size=batch_size,
                                          capacity=100, min_after_dequeue=20, num_threads=2)
        return tf.train.batch([sar, fraction, tile_id], batch_size=batch_size, capacity=100, num_threads=1)

    def get_train_batch_ops(self, batch_size=32, num_epochs=None):
        return self._batch_ops(self.train_file, batch_size, num_epochs, shuffle=True)

    def get_val_batch_ops(self, batch_size=32, num_epochs=None):
        return self._batch_ops(self.val_file, batch_size, num_epochs, shuffle=False)

    def get_test_batch_ops(self, batch_size=32, num_epochs=None):
        return self._batch_ops(self.test_file, batch_size, num_epochs, shuffle=False)
