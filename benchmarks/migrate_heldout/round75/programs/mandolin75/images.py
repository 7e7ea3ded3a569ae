import tensorflow.compat.v1 as tf


def to_image(data):
    return tf.image.convert_image_dtype((data + 1.) / 2., tf.uint8)


def batch_to_image(batch):
    return tf.map_fn(to_image, batch, dtype=tf.uint8)


class Images():
  def __init__(self, tfrecords_file, image_size=4, batch_size=1, num_threads=2, name=''):
    self.tfrecords_file = tfrecords_file
    self.image_size = image_size
    self.batch_size = batch_size
    self.num_threads = num_threads
    self.name = name

  def feed(self):
    with tf.name_scope(self.name):
      filename_queue = tf.train.string_input_producer([self.tfrecords_file], num_epochs=1)
      reader = tf.TFRecordReader()

      _, serialized_example = reader.read(filename_queue)
      features = tf.parse_single_example(
          serialized_example,
          features={
              'image/file_name': tf.FixedLenFeature([], tf.string),
              'image/encoded_image': tf.FixedLenFeature([], tf.string),
          })

      image_buffer = features['image/encoded_image']
      image = tf.decode_raw(image_buffer, tf.uint8)
      image = self._preprocess(image)
      images, names = tf.train.shuffle_batch(
          [image, features['image/file_name']], batch_size=self.batch_size, num_threads=self.num_threads,
          capacity=100 + 3 * self.batch_size,
          min_after_dequeue=4
      )
    return images, names

  def _preprocess(self, image):
    image = tf.reshape(image, [self.image_size, self.image_size, 1])
    image = tf.image.convert_image_dtype(image, dtype=tf.float32)
    image = (image / 127.5) * 255. - 1.
    image.set_shape([self.image_size, self.image_size, 1])
    return image
