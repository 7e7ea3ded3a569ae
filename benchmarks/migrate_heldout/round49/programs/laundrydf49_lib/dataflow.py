from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import numpy as np
import tensorflow.compat.v1 as tf
from six.moves import xrange


class TextDataflow(object):
  """Dataflow handling class.

  Args:
      dataset: an instance of the dataset class
      num_readers: num of readers to  read the dataset
      shuffle: a bool, shuffle the dataset
      num_epochs: total number of epoch for training or validation
      min_queue_examples: minimum number of items after dequeue
      capacity: total queue capacity
  """

  def __init__(self,
               dataset,
               decoder,
               shuffle=True,
               num_threads=1,
               num_epochs=None,
               capacity=2048,
               min_queue_examples=1024,
               seed=None):
    self.dataset = dataset
    self.decoder = decoder
    self.shuffle = shuffle
    self.num_threads = num_threads
    self.num_epochs = num_epochs
    self.capacity = capacity
    self.min_queue_examples = min_queue_examples
    self.seed = seed

  def get(self, batch_size, allow_smaller_final_batch=True):
    filename_queue = tf.train.string_input_producer(
        self.dataset.data_files(), num_epochs=self.num_epochs, shuffle=self.shuffle, seed=self.seed)
    reader = tf.TextLineReader()
    _, value = reader.read(filename_queue)
    outputs = self.decoder.decode(value)
    if self.shuffle:
      return tf.train.shuffle_batch(
          outputs, batch_size=batch_size, num_threads=self.num_threads,
          capacity=self.capacity, min_after_dequeue=self.min_queue_examples,
          allow_smaller_final_batch=allow_smaller_final_batch, seed=self.seed)
    return tf.train.batch(
        outputs, batch_size=batch_size, num_threads=self.num_threads,
        capacity=self.capacity, allow_smaller_final_batch=allow_smaller_final_batch)

  def batch_inputs(self, batch_size):
    with tf.name_scope('batch_processing'):
      features, programs = self.get(batch_size)
    return features, programs
