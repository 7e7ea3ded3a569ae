import tensorflow.compat.v1 as tf


class Model(object):
    def __init__(self, hparams):
        self._hparams = hparams

    def initialize(self, inputs, targets):
        with tf.variable_scope('model'):
            w = tf.get_variable('w', [inputs.shape[1], 1], initializer=tf.ones_initializer())
            self.inputs = inputs
            self.targets = targets
            self.logits = tf.squeeze(tf.matmul(inputs, w), axis=1) * self._hparams['scale']
