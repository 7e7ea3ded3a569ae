"""Generic trainer for TensorFlow models (after tensorflow/skflow's trainer.py, reduced)."""

from __future__ import division, print_function, absolute_import

from six.moves import xrange   # pylint: disable=redefined-builtin
import tensorflow.compat.v1 as tf


class TensorFlowTrainer(object):
    """General trainer class.

    Attributes:
      model: Model object.
      gradients: Gradients tensor.
    """

    def __init__(self, loss, global_step, optimizer, learning_rate):
        self.loss = loss
        self.global_step = global_step
        self._learning_rate = tf.get_variable(
            "learning_rate", [], initializer=tf.constant_initializer(learning_rate))
        self._optimizer = optimizer(self._learning_rate)
        self.trainer = self._optimizer.minimize(loss, global_step=global_step, name="train")
        # Get all initializers for all trainable variables.
        self._initializers = tf.global_variables_initializer()

    def initialize(self, sess):
        """Initalizes all variables."""
        return sess.run(self._initializers)

    def train(self, sess, feed_dict_fn, steps, fetches=None, print_steps=0):
        """Trains a model for given number of steps, given feed_dict function."""
        fetched = []
        for step in xrange(steps):
            feed_dict = feed_dict_fn()
            global_step, loss, _, extra = sess.run(
                [self.global_step, self.loss, self.trainer, fetches or []],
                feed_dict=feed_dict)
            fetched.append((global_step, loss, extra))
            if print_steps and step % print_steps == 0:
                pass  # print("Step #{step}, loss: {loss:.5f}".format(step=global_step, loss=loss))
        return fetched
