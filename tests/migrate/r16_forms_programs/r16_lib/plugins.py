"""Readers registered by a decorator into a module dict, looked up with `.get`."""

import tensorflow.compat.v1 as tf

_REGISTRY = {}


def register(name):
    def deco(fn):
        _REGISTRY[name] = fn
        return fn
    return deco


@register("records")
def read_records(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, {"x": tf.FixedLenFeature([3], tf.float32),
                                                  "label": tf.FixedLenFeature([], tf.int64)})
    return parsed["x"][1], parsed["label"]


@register("lines")
def read_lines(filename_queue):
    _, line = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
    return tf.strings.length(line), tf.strings.substr(line, 0, 2)


def lookup(name):
    return _REGISTRY.get(name)
