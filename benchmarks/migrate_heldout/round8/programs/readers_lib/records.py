"""Reader helpers (another module): one reader per call, returning a record namedtuple."""
import collections

from tensorflow.compat.v1 import parse_single_example, FixedLenFeature, TFRecordReader
import tensorflow.compat.v1 as tf

Record = collections.namedtuple("Record", ["key", "x", "label"])


def read_record(filename_queue, name=None):
    reader = TFRecordReader(name=name)
    key, serialized = reader.read(filename_queue)
    features = parse_single_example(serialized, {
        "x": FixedLenFeature([3], tf.float32),
        "label": FixedLenFeature([], tf.int64),
    })
    return Record(key=key, x=features["x"], label=features["label"])
