"""Object-detection-style input reader: reads serialized examples and decodes them into a tensor dict with a
variable number of boxes per image."""

import glob
import os

import tensorflow.compat.v1 as tf


class InputReaderConfig(object):
    def __init__(self, input_path, num_epochs=1, shuffle=False, queue_capacity=64):
        self.input_path = input_path
        self.num_epochs = num_epochs
        self.shuffle = shuffle
        self.queue_capacity = queue_capacity


def decode(serialized):
    parsed = tf.parse_single_example(serialized, {
        "x": tf.FixedLenFeature([3], tf.float32),
        "label": tf.FixedLenFeature([], tf.int64),
    })
    num_boxes = tf.cast(parsed["label"] % 3, tf.int32) + 1
    boxes = tf.tile(tf.expand_dims(parsed["x"][:2], 0), [num_boxes, 1]) + tf.expand_dims(
        tf.cast(tf.range(num_boxes), tf.float32), 1)
    classes = tf.fill([num_boxes], parsed["label"])
    return {"image": parsed["x"], "groundtruth_boxes": boxes, "groundtruth_classes": classes,
            "source_id": parsed["label"]}


def build(config):
    files = sorted(glob.glob(config.input_path))
    filename_queue = tf.train.string_input_producer(files, num_epochs=config.num_epochs,
                                                    shuffle=config.shuffle, capacity=config.queue_capacity)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    return decode(serialized)
