from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import abc

import six
import tensorflow.compat.v1 as tf

from ed68_lib.util import get_session


@six.add_metaclass(abc.ABCMeta)
class Inference(object):
  """Abstract base class for inference. All inference algorithms in
  Edward inherit from `Inference`, sharing common methods and
  properties via a class hierarchy.
  """

  def __init__(self, latent_vars=None, data=None):
    sess = get_session()
    if latent_vars is None:
      latent_vars = {}
    if data is None:
      data = {}
    self.latent_vars = latent_vars
    self.data = data

  def run(self, variables=None, use_coordinator=True, *args, **kwargs):
    """A simple wrapper to run inference."""
    self.initialize(*args, **kwargs)

    if variables is None:
      init = tf.global_variables_initializer()
    else:
      init = tf.variables_initializer(variables)

    # Initialize variables
    init.run()

    if use_coordinator:
      # Start input enqueue threads.
      self.coord = tf.train.Coordinator()
      self.threads = tf.train.start_queue_runners(coord=self.coord)

    for _ in range(self.n_iter):
      info_dict = self.update()
      self.print_progress(info_dict)

    self.finalize()

  @abc.abstractmethod
  def initialize(self, n_iter=1000, n_print=None, scale=None, logdir=None,
                 log_timestamp=True, log_vars=None, debug=False):
    self.n_iter = n_iter
    if n_print is None:
      self.n_print = int(n_iter / 100)
    else:
      self.n_print = n_print
    self.t = tf.Variable(0, trainable=False, name="iteration")
    self.increment_t = self.t.assign_add(1)
    self.scale = scale or {}
    self.logging = False
    self.debug = debug

  @abc.abstractmethod
  def update(self, feed_dict=None):
    pass

  def print_progress(self, info_dict):
    """Print progress to output (here: kept in a list, no progress bar)."""
    if not hasattr(self, 'progress'):
      self.progress = []
    self.progress.append(info_dict)

  def finalize(self):
    """Function to call after convergence."""
    if hasattr(self, 'coord'):
      self.coord.request_stop()
      self.coord.join(self.threads)
