"""A one-layer stand-in for the ResNet model, with its HParams."""

from collections import namedtuple

import numpy as np
import tensorflow.compat.v1 as tf

HParams = namedtuple('HParams',
                     'batch_size, num_classes, min_lrn_rate, lrn_rate, '
                     'num_residual_units, use_bottleneck, weight_decay_rate, '
                     'relu_leakiness, optimizer')


class ResNet(object):
    """ResNet model (its shape only)."""

    def __init__(self, hps, images, labels, mode):
        self.hps = hps
        self._images = images
        self.labels = labels
        self.mode = mode

    def build_graph(self):
        self.global_step = tf.train.get_or_create_global_step()
        with tf.variable_scope('logit'):
            x = tf.reshape(self._images, [self.hps.batch_size, -1])
            dim = x.get_shape()[1]
            w = tf.get_variable(
                'DW', [dim, self.hps.num_classes],
                initializer=tf.constant_initializer(
                    np.linspace(-1.0, 1.0, int(dim) * self.hps.num_classes).reshape(int(dim), -1)))
            logits = tf.matmul(x, w)
            self.predictions = tf.nn.softmax(logits)
        with tf.variable_scope('costs'):
            xent = tf.nn.softmax_cross_entropy_with_logits_v2(logits=logits, labels=self.labels)
            self.cost = tf.reduce_mean(xent, name='xent')
            tf.summary.scalar('cost', self.cost)
        self.summaries = tf.summary.merge_all()
