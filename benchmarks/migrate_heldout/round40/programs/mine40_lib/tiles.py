"""Read input images and labels """

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

from collections import OrderedDict
import numpy as np
import tensorflow.compat.v1 as tf

from mine40_lib.mine_utils import MineSiteImage as Image, MineSiteImageLabels as ImageLabels


def write_tiles(filename, n, seed):
  rng = np.random.RandomState(seed)
  writer = tf.python_io.TFRecordWriter(filename)
  for _ in range(n):
    image = rng.randint(0, 256, size=(Image.HEIGHT, Image.WIDTH, Image.CHANNELS)).astype(np.uint8)
    feature = {'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()]))}
    for label_type, labels in ImageLabels.LABELS.items():
      hot = rng.randint(0, 2, size=len(labels))
      feature[label_type] = tf.train.Feature(int64_list=tf.train.Int64List(value=hot.tolist()))
    writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
  writer.close()


def read_and_decode(filename_queue):
  """ Read and decode images and labels from protobuf format """
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)

  # Build the feature dict with keys image_raw, terrain, common, special
  feature_dict = {'image_raw': tf.FixedLenFeature([], tf.string)}
  for label_type, labels in ImageLabels.LABELS.items():
    shape = [len(labels)]
    feature_dict[label_type] = tf.FixedLenFeature(shape, tf.int64)
  features = tf.parse_single_example(serialized_example, features=feature_dict)

  image = tf.decode_raw(features['image_raw'], tf.uint8)
  image.set_shape([Image.HEIGHT * Image.WIDTH * Image.CHANNELS])
  image = tf.reshape(image, [Image.HEIGHT, Image.WIDTH, Image.CHANNELS])
  image = tf.cast(image, tf.float32) * (1. / 255) - 0.5

  labels = OrderedDict()
  for label_type in ImageLabels.LABELS:
    labels[label_type] = tf.cast(features[label_type], tf.int32)
  return image, labels


def inputs(filenames, batch_size, num_epochs):
  with tf.name_scope('input'):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    image, labels = read_and_decode(filename_queue)
    tensors = OrderedDict([('image', image)])
    tensors.update(labels)
    return tf.train.batch(tensors, batch_size=batch_size, num_threads=1, capacity=10 + 3 * batch_size,
                          allow_smaller_final_batch=True)
