"""Stand-in for the project's custom decode op library: here plain parse + decode_raw."""
import tensorflow.compat.v1 as tf


def decode_block(serialized, tensor_size):
    features = tf.parse_single_example(serialized, features={
        'img_raw': tf.FixedLenFeature([], tf.string),
        'name': tf.FixedLenFeature([], tf.string)})
    block = tf.decode_raw(features['img_raw'], tf.float32)
    block = tf.reshape(block, tensor_size)
    return features['name'], block
