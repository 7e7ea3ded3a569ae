import os

import tensorflow.compat.v1 as tf

from feed_lib.feed import Feed


class RecordFeed(Feed):
    """The records of make_data: an x vector and a label per example."""

    def __init__(self, subset, args):
        super(RecordFeed, self).__init__(subset, args)

    def data_files(self):
        shards = {"train": [0, 1, 2], "validation": [3]}[self.subset]
        return [os.path.join(self.args.data_dir, "records-%d.tfrecord" % s) for s in shards]

    def parse_example(self, example_serialized):
        feature_map = {
            "x": tf.FixedLenFeature([3], dtype=tf.float32),
            "label": tf.FixedLenFeature([1], dtype=tf.int64, default_value=-1),
        }
        features = tf.parse_single_example(example_serialized, feature_map)
        label = tf.cast(features["label"], dtype=tf.int32)
        values = features["x"] * 2.0
        return values, label
