import tensorflow.compat.v1 as tf
import numpy as np
import pickle


def process_individual_image(filename_queue, img_size, random_crop=False):
  """Individual loading & processing for each image"""
  image_file = tf.read_file(filename_queue)
  image = tf.image.decode_image(image_file, 3)
  if random_crop:
    # for training, take a random crop of the image
    image_shape = tf.shape(image)
    # if smaller than img_size, pad with 0s to prevent error
    image = tf.image.pad_to_bounding_box(image, 0, 0, tf.maximum(img_size, image_shape[0]), tf.maximum(img_size, image_shape[1]))
    image = tf.random_crop(image, size=[img_size, img_size, 3])
    image.set_shape((img_size, img_size, 3))
  else:
    # for testing, always take a center crop of the image
    image = tf.image.resize_image_with_crop_or_pad(image, img_size, img_size)
    image.set_shape((img_size, img_size, 3))
  return image


def batch_processing(filenames, labels, img_size, batch_size, shuffle=False, num_threads=1, num_epochs=None):
  """Loads the images listed in filenames and batches them with their labels"""
  filename_queue, label_queue = tf.train.slice_input_producer(
      [filenames, labels], shuffle=shuffle, num_epochs=num_epochs)
  image = process_individual_image(filename_queue, img_size, random_crop=shuffle)
  image = tf.cast(image, tf.float32) / 255.0
  if shuffle:
    return tf.train.shuffle_batch([image, label_queue], batch_size=batch_size, num_threads=num_threads,
                                  capacity=10 * batch_size, min_after_dequeue=2 * batch_size)
  return tf.train.batch([image, label_queue], batch_size=batch_size, num_threads=num_threads,
                        capacity=10 * batch_size)


def load_split(pickle_path):
  with open(pickle_path, 'rb') as f:
    split = pickle.load(f)
  filenames = np.array(split['filenames'])
  labels = np.array(split['labels'], dtype=np.int32)
  return filenames, labels
