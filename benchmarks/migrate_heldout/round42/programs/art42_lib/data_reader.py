"""
Painting data reader.
"""
import os

import tensorflow.compat.v1 as tf

from art42_lib.base_reader import BaseReader
from art42_lib.cf_container import Config as cf


@BaseReader.register
class DataReader(BaseReader):
    """
    This class contains implementations of a data reader that will feed data
    to TensorFlow by using the data pipeline mechanism.
    """
    def __init__(self, path, num_epoch):
        """
        Initialization.
        :param path:
        :param num_epoch:
        """
        super().__init__(path, num_epoch)

    def _read_and_decode(self, file_queue):
        """
        Decode data.
        :param file_queue:
        :return:
        """
        reader = tf.TFRecordReader()
        _, obj = reader.read(file_queue)
        features = tf.parse_single_example(obj, features={
            "img": tf.FixedLenFeature([], tf.string),
            "tar": tf.FixedLenFeature([], tf.int64),
            "year": tf.FixedLenFeature([], tf.int64)})
        img = tf.decode_raw(features["img"], tf.uint8)
        img = tf.reshape(img, [cf.img_height, cf.img_width, cf.img_depth])
        img = tf.cast(img, tf.float32) / 255.0
        tar = tf.one_hot(tf.cast(features["tar"], tf.int32), cf.num_class)
        year = tf.cast(features["year"], tf.int32)

        return img, tar, year

    def get_batch(self, batch_size=cf.batch_size):
        """
        Get a batch of data.
        :param batch_size:
        :return:
        """
        file_names = sorted(os.listdir(self._path))
        file_names = [os.path.join(self._path, f) for f in file_names]
        file_queue = tf.train.string_input_producer(file_names, num_epochs=self._num_epoch, shuffle=False)
        img, tar, year = self._read_and_decode(file_queue)
        img_batch, tar_batch, year_batch = tf.train.batch(
            [img, tar, year], batch_size=batch_size,
            num_threads=cf.num_preprocess_threads,
            capacity=cf.min_queue_examples + 3 * batch_size,
            allow_smaller_final_batch=True)

        return img_batch, tar_batch, year_batch
