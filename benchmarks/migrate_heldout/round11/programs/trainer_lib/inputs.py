"""Estimator-era input functions on queues: make_input_fn() returns an input_fn that batches serialized
examples and parses the batch with parse_example (features dict, labels)."""

import os

import tensorflow as tf

v1 = tf.compat.v1

FEATURE_SPEC = {
    "x": v1.FixedLenFeature([3], tf.float32),
    "label": v1.FixedLenFeature([], tf.int64),
}


class RunConfig(object):
    def __init__(self, data_dir, train_batch_size=20, train_steps=12, file_pattern="records-*.tfrecord"):
        self.data_dir = data_dir
        self.train_batch_size = train_batch_size
        self.train_steps = train_steps
        self.file_pattern = file_pattern

    @property
    def train_files(self):
        return sorted(v1.gfile.Glob(os.path.join(self.data_dir, self.file_pattern)))


def make_input_fn(files, batch_size, num_epochs=None, mode="train"):
    def input_fn():
        with v1.name_scope("input_fn"):
            filename_queue = v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
            reader = v1.TFRecordReader()
            _, serialized = reader.read(filename_queue)
            serialized_batch = v1.train.batch([serialized], batch_size=batch_size, num_threads=1,
                                              capacity=batch_size * 4)
            features = v1.parse_example(serialized_batch, FEATURE_SPEC)
            labels = features.pop("label")
            if mode == "train":
                features["x_scaled"] = features["x"] / 10.0
            return features, labels
    return input_fn
