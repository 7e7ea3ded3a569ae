"""Read and preprocess image data (multi-label variant of the Inception input code)."""
import tensorflow.compat.v1 as tf

FLAGS = {'image_size': 4, 'num_preprocess_threads': 1, 'num_readers': 1}


def parse_example_proto(example_serialized, num_classes):
  """Parses an Example proto containing a training example of an image."""
  # Dense features in Example proto.
  feature_map = {
    'image/encoded': tf.FixedLenFeature([], dtype=tf.string,
                                        default_value=''),
    'image/class/label': tf.FixedLenFeature([num_classes],
                                            dtype=tf.int64),  # need a default value to handle errors
    'image/class/roi_label': tf.FixedLenFeature([num_classes],
                                                dtype=tf.int64),  # need a default value to handle errors
    'image/height': tf.FixedLenFeature([1], dtype=tf.int64),
    'image/width': tf.FixedLenFeature([1], dtype=tf.int64),
  }
  features = tf.parse_single_example(example_serialized, feature_map)
  label = tf.cast(features['image/class/label'], dtype=tf.int32)
  roi_label = tf.cast(features['image/class/roi_label'], dtype=tf.int32)
  return features['image/encoded'], label, roi_label, features['image/height'], features['image/width']


def image_preprocessing(image_buffer, train):
  image = tf.image.decode_png(image_buffer, channels=3)
  image = tf.image.convert_image_dtype(image, dtype=tf.float32)
  if train:
    image = tf.image.random_flip_left_right(image)
  image.set_shape([FLAGS['image_size'], FLAGS['image_size'], 3])
  # Finally, rescale to [-1,1] instead of [0, 1)
  image = tf.subtract(image, 0.5)
  image = tf.multiply(image, 2.0)
  return image


def batch_inputs(data_files, batch_size, train, num_classes, num_preprocess_threads=None, num_readers=1):
  with tf.name_scope('batch_processing'):
    if train:
      filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16)
    else:
      filename_queue = tf.train.string_input_producer(data_files, num_epochs=1, shuffle=False, capacity=1)
    if num_preprocess_threads is None:
      num_preprocess_threads = FLAGS['num_preprocess_threads']
    reader = tf.TFRecordReader()
    _, example_serialized = reader.read(filename_queue)

    image_buffer, label, roi_label, _, _ = parse_example_proto(example_serialized, num_classes)
    image = image_preprocessing(image_buffer, train)

    images, label_batch, roi_batch = tf.train.batch(
        [image, label, roi_label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=2 * num_preprocess_threads * batch_size)
    return images, label_batch, roi_batch


def inputs(data_files, batch_size, num_classes, num_preprocess_threads=None):
  with tf.device('/cpu:0'):
    images, labels, roi_labels = batch_inputs(
        data_files, batch_size, train=False, num_classes=num_classes,
        num_preprocess_threads=num_preprocess_threads,
        num_readers=1)
  return images, labels, roi_labels
