"""A model class of another module reading the values queue in batches (skip-thoughts' ``build_inputs``)."""

import tensorflow.compat.v1 as tf

from r22left_lib import input_ops


class CaptionsModel(object):
    def __init__(self, file_pattern, mode="train", input_reader=None):
        self.file_pattern = file_pattern
        self.mode = mode
        self.reader = input_reader if input_reader else tf.TFRecordReader()

    def build_inputs(self):
        if self.mode == "encode":
            self.labels = tf.placeholder(tf.int64, [None], name="labels")
            self.x = tf.placeholder(tf.float32, [None, 3], name="x")
        else:
            input_queue = input_ops.prefetch_input_data(
                self.reader,
                self.file_pattern,
                is_training=self.mode == "train",
                capacity=40,
                num_reader_threads=2)
            serialized = input_queue.dequeue_many(6)
            features = tf.parse_example(serialized, features={
                "x": tf.FixedLenFeature([3], tf.float32), "label": tf.FixedLenFeature([], tf.int64)})
            self.labels = features["label"]
            self.x = features["x"]
