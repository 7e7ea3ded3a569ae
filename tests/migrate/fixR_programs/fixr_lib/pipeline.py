"""A reader class (its TFRecordReader made in __init__, its read() with no argument making the file queue in
another method and returning the parsed dict) and a pipeline class holding one on itself per branch."""
import os

import tensorflow.compat.v1 as tf


class WindowReader(object):

    def __init__(self, path, n_epochs, shuffle=True):
        self._path = path
        self._shuffle = shuffle
        self._n_epochs = n_epochs
        self._reader = tf.TFRecordReader()

    def read(self):
        filename_queue = self._filename_queue()
        _, serialized = self._reader.read(filename_queue)
        example = self._parse(serialized)
        return example

    def _filename_queue(self):
        names = []
        for root, dirs, files in os.walk(self._path):
            for f in files:
                if f.endswith(".tfrecords"):
                    names.append(os.path.join(root, f))
        names.sort()
        queue = tf.train.string_input_producer(names, shuffle=self._shuffle, num_epochs=self._n_epochs)
        return queue

    def _parse(self, serialized):
        features = tf.parse_single_example(serialized, features={
            "data": tf.FixedLenFeature([], tf.string),
            "label": tf.FixedLenFeature([], tf.int64),
            "t0": tf.FixedLenFeature([], tf.int64)})
        data = tf.decode_raw(features["data"], tf.float32)
        data.set_shape([6])
        data = tf.reshape(data, [2, 3])
        features["data"] = tf.transpose(data, [1, 0])
        return features


class WindowPipeline(object):

    def __init__(self, path, batch_size, is_training):
        if is_training:
            with tf.name_scope("inputs"):
                self._reader = WindowReader(path, 2)
                samples = self._reader.read()
                x = samples["data"]
                y = samples["label"]
                self.x, self.y, self.t0 = tf.train.shuffle_batch(
                    [x, y, samples["t0"]], batch_size=batch_size, capacity=50, min_after_dequeue=10,
                    num_threads=2)
        else:
            with tf.name_scope("validation_inputs"):
                self._reader = WindowReader(path, 1, shuffle=False)
                samples = self._reader.read()
                x = samples["data"]
                y = samples["label"]
                self.x, self.y, self.t0 = tf.train.batch([x, y, samples["t0"]], batch_size=batch_size)
