# After tensorflow/models research/domain_adaptation/datasets/dataset_factory.py (rewritten by the writer). Writer
# change: `provide_batch` takes `shuffle` and `num_epochs` and hands them to the provider (the original uses the
# provider's defaults: shuffled, no epoch limit).
"""A factory-pattern class which returns image/label pairs."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

from slim66_lib import dataset_data_provider
from dsn66_lib.datasets import signposts


def get_dataset(dataset_name,
                split_name,
                dataset_dir,
                file_pattern=None,
                reader=None):
  """Given a dataset name and a split_name returns a Dataset."""
  dataset_name_to_module = {'signs_synth': signposts, 'signs_weathered': signposts}
  if dataset_name not in dataset_name_to_module:
    raise ValueError('Name of dataset unknown %s.' % dataset_name)

  return dataset_name_to_module[dataset_name].get_split(dataset_name, split_name,
                                                        dataset_dir, file_pattern,
                                                        reader)


def provide_batch(dataset_name, split_name, dataset_dir, num_readers,
                  batch_size, num_preprocessing_threads, shuffle=True,
                  num_epochs=None):
  """Provides a batch of images and corresponding labels.

  Returns:
    A batch of
      images: tensor of [batch_size, height, width, channels].
      labels: dictionary of labels.
  """
  dataset = get_dataset(dataset_name, split_name, dataset_dir)
  provider = dataset_data_provider.DatasetDataProvider(
      dataset,
      num_readers=num_readers,
      common_queue_capacity=20 * batch_size,
      common_queue_min=10 * batch_size,
      shuffle=shuffle,
      num_epochs=num_epochs)
  [image, label] = provider.get(['image', 'label'])

  # Convert images to float32
  image = tf.image.convert_image_dtype(image, tf.float32)
  image -= 0.5
  image *= 2

  # Load the data.
  labels = {}
  images, labels['classes'] = tf.train.batch(
      [image, label],
      batch_size=batch_size,
      num_threads=num_preprocessing_threads,
      capacity=5 * batch_size)
  labels['classes'] = tf.one_hot(labels['classes'], dataset.num_classes)

  # Convert the synthetic glyphs to RGB and 3x3 so that they can match the
  # weathered photos.
  if dataset_name == 'signs_synth':
    images = tf.image.grayscale_to_rgb(images)
    images = tf.image.resize_images(images, [3, 3])
  return images, labels
