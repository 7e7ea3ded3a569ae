import os

import tensorflow.compat.v1 as tf

from food42_lib import utils

DATA_ROOT = 'datas'


def _info(name):
  return {
      'apple': (os.path.join(DATA_ROOT, 'apple2orange/trainA'), os.path.join(DATA_ROOT, 'apple.tfrecords')),
      'orange': (os.path.join(DATA_ROOT, 'apple2orange/trainB'), os.path.join(DATA_ROOT, 'orange.tfrecords')),
  }[name]


class Reader:
  def __init__(self, name, image_size=4,
               min_queue_examples=4, batch_size=4, num_threads=2):
    """
    Args:
      name: string, which fruit ('apple' or 'orange')
      min_queue_examples: integer, minimum number of samples to retain in the queue that provides of batches of examples
      batch_size: integer, number of images per batch
      num_threads: integer, number of preprocess threads
    """
    self.name = name
    self.tfrecords_file = _info(self.name)[1]
    self.image_size = image_size
    self.min_queue_examples = min_queue_examples
    self.batch_size = batch_size
    self.num_threads = num_threads
    self.reader = tf.TFRecordReader()

  def feed(self):
    """
    Returns:
      images: 4D tensor [batch_size, image_width, image_height, image_depth]
    """
    with tf.name_scope(self.name):
      filename_queue = tf.train.string_input_producer([self.tfrecords_file], num_epochs=1)
      reader = tf.TFRecordReader()

      _, serialized_example = self.reader.read(filename_queue)
      features = tf.parse_single_example(
          serialized_example,
          features={
            'image/file_name': tf.FixedLenFeature([], tf.string),
            'image/encoded_image': tf.FixedLenFeature([], tf.string),
          })

      image_buffer = features['image/encoded_image']
      image = tf.image.decode_png(image_buffer, channels=3)
      image = self._preprocess(image)
      images, file_names = tf.train.shuffle_batch(
            [image, features['image/file_name']], batch_size=self.batch_size, num_threads=self.num_threads,
            capacity=self.min_queue_examples + 3*self.batch_size,
            min_after_dequeue=self.min_queue_examples
          )

      tf.summary.image('_input', images)
    return images, file_names

  def _preprocess(self, image):
    image = tf.image.resize_images(image, size=(self.image_size, self.image_size),
                                   method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = utils.convert2float(image)
    image.set_shape([self.image_size, self.image_size, 3])
    return image
