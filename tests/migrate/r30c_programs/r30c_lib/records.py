"""A reader helper of another module: a TFRecordReader's record and its key ("<file>:<byte offset>")."""
import tensorflow.compat.v1 as tf


def read_record(queue):
    reader = tf.TFRecordReader()
    key, record = reader.read(queue)
    return [key, tf.strings.length(record)]
