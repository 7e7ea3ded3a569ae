"""Record helpers: the compression is a constant of this module, a class attribute and a config object."""
import tensorflow.compat.v1 as tf

OPTIONS = tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.ZLIB)


class Config(object):
    COMPRESSION = tf.python_io.TFRecordCompressionType.GZIP


config = Config()


def write(path, rows, options):
    with tf.python_io.TFRecordWriter(path, options=options) as writer:
        for row in rows:
            example = tf.train.Example(features=tf.train.Features(feature={
                'v': tf.train.Feature(int64_list=tf.train.Int64List(value=list(row)))}))
            writer.write(example.SerializeToString())


def decode(serialized, n):
    features = tf.parse_single_example(serialized, {'v': tf.FixedLenFeature([n], tf.int64)})
    return tf.cast(features['v'], tf.float32)
