"""Dense layer with the Keras call convention, on TF1 variables."""
import numpy as np
import tensorflow.compat.v1 as tf

_UID = {}


def _uid(prefix):
    _UID[prefix] = _UID.get(prefix, 0) + 1
    return '%s_%d' % (prefix, _UID[prefix])


class Dense(object):
    def __init__(self, units, activation=None, use_bias=True, seed=68, name=None):
        self.units = units
        self.activation = activation
        self.use_bias = use_bias
        self.seed = seed
        self.name = name or _uid('dense')

    def __call__(self, inputs):
        input_dim = inputs.get_shape().as_list()[-1]
        rng = np.random.RandomState(self.seed)
        limit = np.sqrt(6.0 / (input_dim + self.units))  # glorot_uniform
        init = rng.uniform(-limit, limit, size=(input_dim, self.units)).astype('float32')
        with tf.variable_scope(self.name):
            self.kernel = tf.get_variable('kernel', initializer=tf.constant(init))
            output = tf.matmul(inputs, self.kernel)
            if self.use_bias:
                self.bias = tf.get_variable('bias', initializer=tf.zeros([self.units]))
                output = output + self.bias
        if self.activation == 'relu':
            output = tf.nn.relu(output)
        elif self.activation == 'sigmoid':
            output = tf.nn.sigmoid(output)
        return output
