from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4


def _files_and_labels(file_list):
  files = list(file_list)
  labels = map(lambda x: 2 if 'benign' in x else 1 if 'cancer' in x else 0, files)
  return files, list(labels)


def _process_image_string(istr):
  value = tf.read_file(istr)
  img = tf.image.decode_png(value, dtype=tf.uint16)
  img = tf.cast(img, tf.float32)
  img = img / 65536
  img.set_shape((IMAGE_SIZE, IMAGE_SIZE, 1))
  return img


def _get_data(file_list):
  image_list, label_list = _files_and_labels(file_list)
  images = tf.convert_to_tensor(image_list, dtype=tf.string)
  labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
  input_queue = tf.train.slice_input_producer([images, labels], num_epochs=1, shuffle=False)
  image = _process_image_string(input_queue[0])
  return image, input_queue[1]


def inputs(file_list, batch_size):
  image, label = _get_data(file_list)
  return tf.train.batch([image, label], batch_size=batch_size, allow_smaller_final_batch=True)
