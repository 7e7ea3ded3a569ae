import tensorflow as tf
from textile46_lib import utils

class Reader():
  def __init__(self, tfrecords_file, image_size=8,
    min_queue_examples=4, batch_size=4, num_threads=2, name=''):
    """
    Args:
      tfrecords_file: string, tfrecords file path
      min_queue_examples: integer, minimum number of samples to retain in the queue that provides of batches of examples
      batch_size: integer, number of images per batch
      num_threads: integer, number of preprocess threads
    """
    self.tfrecords_file = tfrecords_file
    self.image_size = image_size
    self.min_queue_examples = min_queue_examples
    self.batch_size = batch_size
    self.num_threads = num_threads
    self.reader = tf.compat.v1.TFRecordReader()
    self.name = name

  def feed(self):
    """
    Returns:
      images: 4D tensor [batch_size, image_width, image_height, image_depth]
      defects: 1D tensor, the defect class of each patch
    """
    with tf.name_scope(self.name):
      filename_queue = tf.compat.v1.train.string_input_producer([self.tfrecords_file], num_epochs=1, seed=13)
      reader = tf.compat.v1.TFRecordReader()

      _, serialized_example = self.reader.read(filename_queue)
      features = tf.compat.v1.parse_single_example(
          serialized_example,
          features={
            'image/file_name': tf.compat.v1.FixedLenFeature([], tf.string),
            'image/encoded_image': tf.compat.v1.FixedLenFeature([], tf.string),
            'image/defect': tf.compat.v1.FixedLenFeature([], tf.int64),
          })

      image_buffer = features['image/encoded_image']
      image = tf.image.decode_png(image_buffer, channels=1)
      image = self._preprocess(image)
      images, defects, names = tf.compat.v1.train.shuffle_batch(
            [image, features['image/defect'], features['image/file_name']], batch_size=self.batch_size,
            num_threads=self.num_threads,
            capacity=self.min_queue_examples + 3*self.batch_size,
            min_after_dequeue=self.min_queue_examples,
            seed=13
          )

    return images, defects, names

  def _preprocess(self, image):
    image = tf.image.resize(image, size=(self.image_size, self.image_size), method='nearest')
    image = utils.convert2float(image)
    image.set_shape([self.image_size, self.image_size, 1])
    return image
