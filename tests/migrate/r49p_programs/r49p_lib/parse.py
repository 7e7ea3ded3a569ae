"""The record's parse, returning a tuple bound to a name (a PhysioNet-challenge ops.py's ``parse_example``)."""
import tensorflow.compat.v1 as tf

WIDTH = 2


def parse_example(filename_queue):
    reader = tf.TFRecordReader()
    _, example = reader.read(filename_queue)
    context, sequence = tf.parse_single_sequence_example(
        serialized=example,
        context_features={"length": tf.FixedLenFeature([], dtype=tf.int64),
                          "station": tf.FixedLenFeature([], dtype=tf.int64)},
        sequence_features={"data": tf.FixedLenSequenceFeature([WIDTH], dtype=tf.float32)})
    parsed = (sequence["data"], context["length"], context["station"])
    return parsed
