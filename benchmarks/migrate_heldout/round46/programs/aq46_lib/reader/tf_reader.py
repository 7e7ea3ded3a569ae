"""
Station readings as tensorflow records.
"""
import os

import tensorflow as tf

from aq46_lib.reader.base_reader import BaseReader
from aq46_lib import cf


@BaseReader.register
class TFReader(BaseReader):
    """This class implements a data reader that will read data as batches of tensorflow records with shuffling."""
    def __init__(self, path, num_epoch=1):
        """Initialization."""
        super().__init__(path, num_epoch)

    def _read_and_decode(self, file_queue):
        """Decode data."""
        # Declare a tensorflow reader and read data serially
        reader = tf.compat.v1.TFRecordReader()
        _, serialized_example = reader.read(file_queue)
        features = tf.io.parse_single_example(serialized_example, features={
            "station": tf.io.FixedLenFeature([], tf.string),
            "hourly": tf.io.FixedLenFeature([cf.num_pollutants], tf.float32),
            "aqi": tf.io.FixedLenFeature([], tf.int64)})
        station = features["station"]
        hourly = features["hourly"]
        aqi = tf.cast(features["aqi"], tf.int32)
        return station, hourly, aqi

    def get_batch(self, batch_size=cf.batch_size):
        """Return batches of station readings."""
        file_names = sorted(os.path.join(self._path, f) for f in os.listdir(self._path) if f.endswith(".tfr"))
        file_queue = tf.compat.v1.train.string_input_producer(file_names, num_epochs=self._num_epoch, shuffle=True,
                                                              seed=cf.seed)
        station, hourly, aqi = self._read_and_decode(file_queue)
        stations, hourlies, aqis = tf.compat.v1.train.shuffle_batch(
            [station, hourly, aqi], batch_size=batch_size, num_threads=cf.num_thread, capacity=cf.capacity,
            min_after_dequeue=cf.min_after_dequeue, seed=cf.seed)
        return stations, hourlies, aqis
