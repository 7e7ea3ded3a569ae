import tensorflow.compat.v1 as tf


def read_record(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, features={
        "spot": tf.FixedLenFeature([], tf.string),
        "jumps": tf.FixedLenFeature([], tf.int64),
    })
    return parsed["spot"], tf.cast(parsed["jumps"], tf.int32) * 2
