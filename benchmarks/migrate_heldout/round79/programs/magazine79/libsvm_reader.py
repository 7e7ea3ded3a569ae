import os
import sys
import codecs
import logging
import tensorflow.compat.v1 as tf

logger = logging.getLogger("TFRecSYS")
sh = logging.StreamHandler(stream=None)
logger.setLevel(logging.DEBUG)
fmt = "%(asctime)-15s %(levelname)s %(filename)s %(lineno)d %(process)d %(message)s"
datefmt = "%a %d %b %Y %H:%M:%S"
formatter = logging.Formatter(fmt, datefmt)
sh.setFormatter(formatter)
if not logger.handlers:
    logger.addHandler(sh)


def print_info(str_):
    s = "---------- {0} ----------".format(str_)
    print(s)


class LibSVMInputReader(object):
    def __init__(self, file_queue, batch_size, capacity, min_after_dequeue):
        self.file_queue = file_queue
        self.batch_size = batch_size
        self.capacity = capacity
        self.min_after_dequeue = min_after_dequeue

    def read(self):
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(self.file_queue)
        shuffle_batch_example = tf.train.shuffle_batch([serialized_example],
                                        batch_size=self.batch_size, capacity=self.capacity,
                                        min_after_dequeue=self.min_after_dequeue)
        features_map = {
            "label": tf.FixedLenFeature([], tf.float32),
            "feature_ids": tf.VarLenFeature(tf.int64),
            "feature_vals": tf.VarLenFeature(tf.float32)
        }
        features = tf.parse_example(shuffle_batch_example, features=features_map)
        batch_label = features["label"]
        batch_feature_ids = features["feature_ids"]
        batch_feature_vals = features["feature_vals"]
        return batch_label, batch_feature_ids, batch_feature_vals
