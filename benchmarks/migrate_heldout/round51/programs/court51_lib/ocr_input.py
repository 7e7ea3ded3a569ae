"""Routine for decoding the transcript-line ocr tfrecords file format."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import glob

from six.moves import xrange  # pylint: disable=redefined-builtin
import tensorflow.compat.v1 as tf

# Process images of this size. Note that this differs from the original CIFAR
# image size of 32 x 32. If one alters this number, then the entire model
# architecture will change and any model would need to be retrained.
IMAGE_HEIGHT = 3
IMAGE_WIDTH = 8
IMAGE_DEPTH = 1

# Global constants describing the ocr data set.
MAX_CHARS = 6
NUM_CLASSES = 0
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 6
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 7


def read_ocr(filename_queue):
  """Reads and parses examples from ocr data files.

  Returns:
    An object representing a single example, with the following fields:
      height, width, depth: dimensions of the line image.
      key: a scalar string Tensor describing the filename & record number.
      label: an int32 Tensor of MAX_CHARS character codes, 0 padded.
      uint8image: a [height, width, depth] uint8 Tensor with the image data
  """

  class OCRRecord(object):
    pass
  result = OCRRecord()

  result.height = IMAGE_HEIGHT
  result.width = IMAGE_WIDTH
  result.depth = IMAGE_DEPTH

  reader = tf.TFRecordReader()
  result.key, value = reader.read(filename_queue)
  features = tf.parse_single_example(
      value,
      features={
          'image_raw': tf.FixedLenFeature([], tf.string),
          'label': tf.FixedLenFeature([MAX_CHARS], tf.int64),
          'speaker': tf.FixedLenFeature([], tf.string, default_value='COURT'),
      })
  image = tf.decode_raw(features['image_raw'], tf.uint8)
  result.uint8image = tf.reshape(image, [result.height, result.width, result.depth])
  result.label = tf.cast(features['label'], tf.int32)
  result.speaker = features['speaker']
  return result


def _generate_image_and_label_batch(image, label, speaker, min_queue_examples,
                                    batch_size, shuffle):
  """Construct a queued batch of images and labels."""
  num_preprocess_threads = 1
  if shuffle:
    images, label_batch, speakers = tf.train.shuffle_batch(
        [image, label, speaker],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples)
  else:
    images, label_batch, speakers = tf.train.batch(
        [image, label, speaker],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        allow_smaller_final_batch=True)

  return images, label_batch, speakers


def inputs(eval_data, data_dir, batch_size):
  """Construct input for ocr evaluation using the Reader ops."""
  if not eval_data:
    filenames = sorted(glob.glob(os.path.join(data_dir, 'train_*.tfrecords')))
    num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN
  else:
    filenames = sorted(glob.glob(os.path.join(data_dir, 'test_*.tfrecords')))
    num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL

  for f in filenames:
    if not tf.gfile.Exists(f):
      raise ValueError('Failed to find file: ' + f)

  # Create a queue that produces the filenames to read.
  filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)

  # Read examples from files in the filename queue.
  read_input = read_ocr(filename_queue)
  reshaped_image = tf.cast(read_input.uint8image, tf.float32)

  # Subtract off the mean and divide by the variance of the pixels.
  float_image = reshaped_image / 255.0 - 0.5

  # Set the shapes of tensors.
  float_image.set_shape([IMAGE_HEIGHT, IMAGE_WIDTH, IMAGE_DEPTH])

  # Ensure that the random shuffling has good mixing properties.
  min_fraction_of_examples_in_queue = 0.4
  min_queue_examples = int(num_examples_per_epoch *
                           min_fraction_of_examples_in_queue)

  # Generate a batch of images and labels by building up a queue of examples.
  return _generate_image_and_label_batch(float_image, read_input.label, read_input.speaker,
                                         min_queue_examples, batch_size,
                                         shuffle=False)
