import tensorflow.compat.v1 as tf

from cave56_lib.ops import fully_connected, leaky_relu
from cave56_lib.config import MASK_H, MASK_W, IMG_C


class generator:
    def __init__(self, name):
        self.name = name

    def __call__(self, inputs, train_phase):
        with tf.variable_scope(self.name):
            shape = inputs.get_shape().as_list()
            flat = tf.reshape(inputs, [-1, shape[1] * shape[2] * shape[3]])
            h = leaky_relu(fully_connected("fc1", flat, 8))
            h = tf.cond(train_phase, lambda: h, lambda: h)
            out = tf.nn.tanh(fully_connected("fc2", h, MASK_H * MASK_W * IMG_C))
            return tf.reshape(out, [-1, MASK_H, MASK_W, IMG_C])

    @property
    def var(self):
        return tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, self.name)


class discriminator:
    def __init__(self, name):
        self.name = name

    def __call__(self, inputs, train_phase):
        with tf.variable_scope(self.name, reuse=tf.AUTO_REUSE):
            flat = tf.reshape(inputs, [-1, MASK_H * MASK_W * IMG_C])
            h = leaky_relu(fully_connected("fc1", flat, 4))
            return fully_connected("fc2", h, 1)

    @property
    def var(self):
        return tf.get_collection(tf.GraphKeys.TRAINABLE_VARIABLES, self.name)
