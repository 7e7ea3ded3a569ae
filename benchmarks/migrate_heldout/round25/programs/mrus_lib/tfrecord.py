"""TFRecord helpers for paired MR / ultrasound slices (GZIP-compressed records)."""
import tensorflow.compat.v1 as tf

TFRECORD_OPTIONS = tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.GZIP)
SLICE_SHAPE = [4, 4]


def _int64_feature(values):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=list(values)))


def encode_example(mr_slice, us_slice):
    return tf.train.Example(features=tf.train.Features(feature={
        'mr': _int64_feature(mr_slice),
        'us': _int64_feature(us_slice),
        'height': _int64_feature([SLICE_SHAPE[0]]),
    })).SerializeToString()


def write_records(path, pairs):
    with tf.python_io.TFRecordWriter(path, options=TFRECORD_OPTIONS) as writer:
        for mr, us in pairs:
            writer.write(encode_example(mr, us))


def decode_example(example):
    features = tf.parse_single_example(example, features={
        'mr': tf.FixedLenFeature([16], tf.int64),
        'us': tf.FixedLenFeature([16], tf.int64),
        'height': tf.FixedLenFeature([], tf.int64),
    })
    mr = tf.reshape(tf.cast(features['mr'], tf.float32), SLICE_SHAPE + [1])
    us = tf.reshape(tf.cast(features['us'], tf.float32), SLICE_SHAPE + [1])
    return mr, us
