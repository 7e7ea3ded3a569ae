import tensorflow.compat.v1 as tf


def fully_connected(name, inputs, nums_out):
    with tf.variable_scope(name):
        nums_in = inputs.get_shape().as_list()[-1]
        W = tf.get_variable("W", [nums_in, nums_out], initializer=tf.truncated_normal_initializer(stddev=0.02, seed=4))
        b = tf.get_variable("b", [nums_out], initializer=tf.constant_initializer(0.))
        return tf.matmul(inputs, W) + b


def leaky_relu(inputs, slope=0.2):
    return tf.maximum(slope * inputs, inputs)
