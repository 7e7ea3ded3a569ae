"""Meter logs as TFRecords."""
import os

import tensorflow.compat.v1 as tf

from r47b_lib.base_reader import BaseReader


class MeterReader(BaseReader):
    def _read_and_decode(self, file_queue):
        """Decode one meter record."""
        reader = tf.TFRecordReader()
        _, serialized = reader.read(file_queue)
        features = tf.parse_single_example(serialized, features={
            "meter": tf.FixedLenFeature([], tf.int64),
            "kwh": tf.FixedLenFeature([2], tf.float32)})
        return tf.cast(features["meter"], tf.int32), features["kwh"]

    def get_batch(self, batch_size):
        names = sorted(os.path.join(self._path, f) for f in os.listdir(self._path) if f.endswith(".tfr"))
        file_queue = tf.train.string_input_producer(names, num_epochs=self._num_epoch, shuffle=False)
        meter, kwh = self._read_and_decode(file_queue)
        meters, kwhs = tf.train.batch([meter, kwh], batch_size=batch_size, capacity=8)
        return meters, kwhs
