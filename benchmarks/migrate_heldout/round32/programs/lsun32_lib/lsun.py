from __future__ import absolute_import
from __future__ import division
import tensorflow.compat.v1 as tf

from .flags import FLAGS


class LSUN():
  def __init__(self):
    pass

  def read_and_decode(self, filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'image_raw': tf.FixedLenFeature([], tf.string),
        })

    image = tf.decode_raw(features['image_raw'], tf.uint8)
    image.set_shape([FLAGS.output_size * FLAGS.output_size * 3])
    image = tf.reshape(image, [FLAGS.output_size, FLAGS.output_size, 3])

    image = tf.cast(image, tf.float32) * (1. / 127.5) - 1.0

    return image

  def load(self, filename):

    filename_queue = tf.train.string_input_producer(
        [filename], num_epochs=FLAGS.num_epochs)

    image = self.read_and_decode(filename_queue)

    images = tf.train.shuffle_batch(
        [image], batch_size=FLAGS.batch_size, num_threads=2,
        capacity=10 + 3 * FLAGS.batch_size,
        min_after_dequeue=4)

    return images
