"""Batch classes of a package: the batch is kept on the object, which the method returns."""
import tensorflow.compat.v1 as tf


class Rows(object):

  @staticmethod
  def train(count):
    """Another class's `train`, of the same name: not the batch's."""
    return list(range(count))


class Batch(object):
  BATCH_SIZE = 3

  def __init__(self, batch_size=BATCH_SIZE):
    self.batch_size = batch_size

  def train(self, value, label):
    (self.values, self.labels) = tf.train.batch([value, label], batch_size=self.batch_size, capacity=12)
    return self
