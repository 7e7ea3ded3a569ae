"""attention_ocr's data_provider.get_data: a provider, preprocessing, shuffle_batch, an endpoints tuple."""
import collections

import tensorflow.compat.v1 as tf

from fixb_lib import provider as dataset_data_provider

InputEndpoints = collections.namedtuple('InputEndpoints', ['images', 'labels', 'weights'])


def get_data(dataset, batch_size, shuffle=True, num_epochs=None):
  data_provider = dataset_data_provider.DatasetDataProvider(dataset, shuffle=shuffle, num_epochs=num_epochs)
  image, label, weight = data_provider.get(['image', 'label', 'weight'])
  image = tf.image.convert_image_dtype(image, dtype=tf.float32) * 2.0
  images, labels, weights = tf.train.shuffle_batch(
      [image, label, weight], batch_size=batch_size, num_threads=1, capacity=16, min_after_dequeue=4)
  return InputEndpoints(images=images, labels=labels, weights=weights)
