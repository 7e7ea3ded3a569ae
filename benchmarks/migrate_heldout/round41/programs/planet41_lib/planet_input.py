"""Read input images and labels """

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from collections import OrderedDict
import tensorflow as tf

from planet41_lib.planet_utils import KagglePlanetImage as Image, KagglePlanetImageLabels as ImageLabels


def read_and_decode(filename_queue):
  """ Read and decode images and labels from protobuf format """
  reader = tf.compat.v1.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)

  # Build the feature dict with keys image_raw, weather, common, special
  feature_dict = {'image_raw': tf.io.FixedLenFeature([], tf.string),
                  'name': tf.io.FixedLenFeature([], tf.string)}
  for label_type, labels in ImageLabels.LABELS.items():
    shape = [len(labels)]
    feature_dict[label_type] = tf.io.FixedLenFeature(shape, tf.int64)
  features = tf.io.parse_single_example(serialized_example, features=feature_dict)

  image = tf.io.decode_raw(features['image_raw'], tf.uint16)
  image.set_shape([Image.HEIGHT * Image.WIDTH * Image.DEPTH])
  image = tf.reshape(image, [Image.HEIGHT, Image.WIDTH, Image.DEPTH])
  # 12-bit sensor counts -> [0, 1]
  image = tf.cast(image, tf.float32) * (1. / 4095)

  labels = OrderedDict()
  for label_type in ImageLabels.LABELS:
    labels[label_type] = tf.cast(features[label_type], tf.int32)
  return features['name'], image, labels


def inputs(filename, batch_size, num_epochs=None):
  """ image and label batches, in file order """
  with tf.name_scope('input'):
    filename_queue = tf.compat.v1.train.string_input_producer(
        [filename], num_epochs=num_epochs, shuffle=False)
    name, image, labels = read_and_decode(filename_queue)

    # NDVI from the NIR and red bands, averaged over the chip
    red, nir = image[:, :, 0], image[:, :, 3]
    ndvi = tf.reduce_mean((nir - red) / (nir + red + 1e-6))

    tensors = [name, image, ndvi] + list(labels.values())
    batched = tf.compat.v1.train.batch(
        tensors, batch_size=batch_size, num_threads=1,
        capacity=3 * batch_size, allow_smaller_final_batch=True)
  names, images, ndvis = batched[:3]
  label_batches = OrderedDict(zip(labels.keys(), batched[3:]))
  return names, images, ndvis, label_batches
