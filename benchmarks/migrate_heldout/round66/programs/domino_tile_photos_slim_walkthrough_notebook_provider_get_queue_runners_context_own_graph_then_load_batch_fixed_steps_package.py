"""Domino tile photos read as in the TF-Slim walkthrough notebook (slim_walkthrough.ipynb): the "display some of the
data" cell opens its own `tf.Graph()`, gets the split, builds a DatasetDataProvider (`common_queue_capacity=32,
common_queue_min=1`), and fetches four unbatched images inside `with slim.queues.QueueRunners(sess):`; the training
cell then uses the notebook's `load_batch(dataset, batch_size, height, width, is_training)` helper (provider,
preprocessing, `train.batch(num_threads=1, capacity=2 * batch_size)`) and runs a fixed number of steps, again inside
QueueRunners. Writer change: the providers are not shuffled (the notebook's were), so the rows are repeatable."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from dom66_lib import dominoes
from slim66_lib import dataset_data_provider
from slim66_lib import queues

DOMINOES_DATA_DIR = None


def preprocess_image(image, height, width, is_training=False):
  del is_training
  image = tf.image.convert_image_dtype(image, dtype=tf.float32)
  image = tf.image.resize_image_with_crop_or_pad(image, height, width)
  return tf.subtract(image, 0.5) * 2.0


def load_batch(dataset, batch_size=32, height=3, width=3, is_training=False):
  """Loads a single batch of data.

  Args:
    dataset: The dataset to load.
    batch_size: The number of images in the batch.
    height: The size of each image after preprocessing.
    width: The size of each image after preprocessing.
    is_training: Whether or not we're currently training or evaluating.

  Returns:
    images: A Tensor of size [batch_size, height, width, 1], image samples that have been preprocessed.
    images_raw: A Tensor of size [batch_size, height, width, 1], image samples that can be used for visualization.
    labels: A Tensor of size [batch_size], whose values range between 0 and dataset.num_classes.
  """
  data_provider = dataset_data_provider.DatasetDataProvider(
      dataset, common_queue_capacity=32,
      common_queue_min=8, shuffle=False)
  image_raw, label = data_provider.get(['image', 'label'])

  # Preprocess image for usage by the model.
  image = preprocess_image(image_raw, height, width, is_training=is_training)

  # Preprocess the image for display purposes.
  image_raw = tf.expand_dims(image_raw, 0)
  image_raw = tf.image.resize_images(image_raw, [height, width])
  image_raw = tf.squeeze(image_raw, axis=0)

  # Batch it up.
  images, images_raw, labels = tf.train.batch(
      [image, image_raw, label],
      batch_size=batch_size,
      num_threads=1,
      capacity=2 * batch_size)

  return images, images_raw, labels


def display_some_of_the_data(batches):
  with tf.Graph().as_default():
    dataset = dominoes.get_split('train', DOMINOES_DATA_DIR)
    data_provider = dataset_data_provider.DatasetDataProvider(
        dataset, common_queue_capacity=32, common_queue_min=1, shuffle=False)
    image, label = data_provider.get(['image', 'label'])

    with tf.Session() as sess:
      with queues.QueueRunners(sess):
        for i in range(4):
          np_image, np_label = sess.run([image, label])
          height, width, _ = np_image.shape
          batches.append([[np_image.reshape(-1).tolist()], [int(np_label)], [[height, width]]])


def main(data_dir):
  global DOMINOES_DATA_DIR
  DOMINOES_DATA_DIR = os.path.join(data_dir, 'h66_domino_tiles')
  if not os.path.isdir(DOMINOES_DATA_DIR):
    os.makedirs(DOMINOES_DATA_DIR)
  dominoes.convert_dataset(DOMINOES_DATA_DIR, 'train')

  batches = []
  display_some_of_the_data(batches)

  dataset = dominoes.get_split('train', DOMINOES_DATA_DIR)
  images, images_raw, labels = load_batch(dataset, batch_size=3)
  one_hot_labels = tf.one_hot(labels, dataset.num_classes)
  darkness = tf.reduce_mean(-images, axis=[1, 2, 3])

  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    with queues.QueueRunners(sess):
      for step in range(3):
        np_raw, np_one_hot, np_dark = sess.run([images_raw, one_hot_labels, darkness])
        batches.append([np.round(np_raw, 2).tolist(), np_one_hot.tolist(), np.round(np_dark, 4).tolist()])
  return {'batches': batches, 'end': 'tiles shown: 4, batches trained: 3'}
