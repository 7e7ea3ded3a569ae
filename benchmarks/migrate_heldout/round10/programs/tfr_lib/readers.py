"""YouTube-8M style readers: a base class and a record reader whose prepare_reader returns a dict of tensors."""

import tensorflow.compat.v1 as tf


class BaseReader(object):
    def prepare_reader(self, unused_filename_queue):
        raise NotImplementedError()


class RecordFeatureReader(BaseReader):
    def __init__(self, feature_names=("x",), feature_sizes=(3,)):
        self.feature_names = list(feature_names)
        self.feature_sizes = list(feature_sizes)

    def prepare_reader(self, filename_queue, batch_size=1):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        feature_map = {"label": tf.FixedLenFeature([], tf.int64)}
        for name, size in zip(self.feature_names, self.feature_sizes):
            feature_map[name] = tf.FixedLenFeature([size], tf.float32)
        features = tf.parse_single_example(serialized_example, features=feature_map)
        return {
            "id": features["label"],
            "features": tf.concat([features[n] for n in self.feature_names], 0),
            "parity": tf.cast(tf.mod(features["label"], 2), tf.int32),
        }
