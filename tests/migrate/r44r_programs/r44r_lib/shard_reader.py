"""A reader function of its own module, given the index of its reader thread to name its ops."""
import tensorflow.compat.v1 as tf


def read_shard(filename_queue, index):
    reader = tf.TFRecordReader(name="shard_reader_%d" % index)
    _, serialized = reader.read(filename_queue)
    feats = tf.parse_single_example(serialized, {"id": tf.FixedLenFeature([], tf.int64),
                                                 "depth": tf.FixedLenFeature([], tf.float32)})
    return feats["id"], tf.identity(feats["depth"] * 2.0, name="depth_%d" % index)
