"""read_and_decode / inputs for the wine records."""
import tensorflow.compat.v1 as tf

from wine36_lib.records import NUM_FEATURES


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            "features": tf.FixedLenFeature([NUM_FEATURES], tf.float32),
            "quality": tf.FixedLenFeature([], tf.int64),
            "colour": tf.FixedLenFeature([], tf.string, default_value="red"),
        })
    is_red = tf.cast(tf.equal(features["colour"], "red"), tf.int32)
    quality = tf.cast(features["quality"], tf.int32) - 3
    return features["features"], quality, is_red


def inputs(filenames, batch_size, num_epochs):
    with tf.name_scope("input"):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        feats, quality, is_red = read_and_decode(filename_queue)
        return tf.train.batch([feats, quality, is_red], batch_size=batch_size, num_threads=1,
                              capacity=10, allow_smaller_final_batch=True)
