from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import six
import tensorflow.compat.v1 as tf

from ed68_lib.inferences.inference import Inference
from ed68_lib.util import get_session


class MAP(Inference):
  """Maximum a posteriori for a Gaussian regression written as
  `latent_vars = {'w': w, 'b': b}` and `data = {'x': x_batch, 'y': y_batch}`:
  the loss is the squared error plus an L2 prior term."""

  def __init__(self, latent_vars=None, data=None):
    super(MAP, self).__init__(latent_vars, data)

  def initialize(self, optimizer=None, prior_scale=0.01, *args, **kwargs):
    super(MAP, self).initialize(*args, **kwargs)
    x, y = self.data['x'], self.data['y']
    w, b = self.latent_vars['w'], self.latent_vars['b']
    self.loss = tf.reduce_mean(tf.square(y - (w * x + b))) + \
        prior_scale * (tf.square(w) + tf.square(b))
    if optimizer is None:
      optimizer = tf.train.GradientDescentOptimizer(0.05)
    self.train = optimizer.minimize(self.loss)

  def update(self, feed_dict=None):
    if feed_dict is None:
      feed_dict = {}
    sess = get_session()
    _, t, loss = sess.run([self.train, self.increment_t, self.loss], feed_dict)
    return {'t': t, 'loss': loss}
