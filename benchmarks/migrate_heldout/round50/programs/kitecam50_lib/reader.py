import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import dtypes
import os, sys
import numpy as np
import math


def _generate_batch(image, label, num_examples, batch_size, shuffle):
  """ Construct a queued batch of images and labels.

  Args:
    image: 3-D Tensor of [height, width, 1] of type.float32.
    label: 0-D Tensor of type.int32 (kites counted on the frame)
    num_examples: int32, number of samples to retain
    in the queue that provides of batches of examples.
    batch_size: Number of images per batch.
    shuffle: boolean indicating whether to use a shuffling queue.

  Returns:
    images: Images. 4D tensor of [batch_size, height, width, 1] size.
    labels: Labels. 1D tensor of [batch_size] size.
  """
  num_preprocess_threads = 1
  if shuffle:
    images, labels = tf.train.shuffle_batch(
        [image, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=num_examples + 3 * batch_size,
        min_after_dequeue=num_examples)
  else:
    images, labels = tf.train.batch(
        [image, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=num_examples + 3 * batch_size)
  return images, labels


class Reader:
  """Base class of dataset reader"""
  def __init__(self, mc, dc, image_dir, phase):
    # Setup image directory
    self.image_dir = image_dir

    # Setup phase
    self.phase = phase

    # Setup from mc
    if phase == 'train':
      self.batch_size = mc.TRAIN_BATCH_SIZE
    elif phase == 'val':
      self.batch_size = mc.TRAIN_BATCH_SIZE
    elif phase == 'test':
      self.batch_size = mc.TEST_BATCH_SIZE
    self.use_lstm = mc.USE_LSTM
    self.seq_len = mc.SEQUENCE_LENGTH

    # Setup from dc
    self.height = dc.IMAGE_HEIGHT
    self.width = dc.IMAGE_WIDTH
    self.list_file = dc.LIST_FILE[phase]
    self.min_queue_examples = dc.MIN_QUEUE_EXAMPLES

  def read_list(self):
    images, labels = [], []
    with open(os.path.join(self.image_dir, self.list_file)) as f:
      for line in f:
        line = line.strip()
        if not line:
          continue
        name, count = line.split()
        images.append(os.path.join(self.image_dir, name))
        labels.append(int(count))
    return images, labels

  def read(self):
    raise NotImplementedError


class KiteCamReader(Reader):
  """Webcam frames of the kite spot, label = number of kites in the frame."""

  def read(self):
    image_list, label_list = self.read_list()
    images = tf.convert_to_tensor(image_list, dtype=dtypes.string)
    labels = tf.convert_to_tensor(label_list, dtype=dtypes.int32)
    shuffle = self.phase == 'train'
    num_epochs = None if self.phase == 'train' else 1
    input_queue = tf.train.slice_input_producer([images, labels], num_epochs=num_epochs, shuffle=shuffle)

    image = tf.image.decode_png(tf.read_file(input_queue[0]), channels=1)
    image.set_shape([self.height, self.width, 1])
    image = tf.cast(image, tf.float32) / 255.0
    label = input_queue[1]
    return _generate_batch(image, label, self.min_queue_examples, self.batch_size, shuffle)
