"""Evaluation input of a fixed-length binary dataset, held by a dataset class.

The record layout follows the CIFAR-10 binary reader (a label, then the payload, a fixed number of bytes
each); the class wraps `read_data(filename_queue)` and a batch helper that picks `shuffle_batch` or
`batch` by the dataset's status, and the eval loop runs ceil(num_examples / batch_size) steps.
"""

from __future__ import absolute_import, division, print_function

import logging
import math
import os

import tensorflow.compat.v1 as tf

LABEL_BYTES = 4  # one little-endian int32
VALUE_BYTES = 4  # per value of the payload
HEADER_BYTES = 4  # each file starts with a 4-byte magic
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 36

log = logging.getLogger(__name__)


def _generate_batch(image, label, min_queue_examples, batch_size, shuffle):
  """Construct a queued batch of images and labels."""
  num_preprocess_threads = 4 if shuffle else 1
  if shuffle:
    images, label_batch = tf.train.shuffle_batch(
        [image, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples)
  else:
    images, label_batch = tf.train.batch(
        [image, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size)
  return images, tf.reshape(label_batch, [batch_size])


class BinaryRecordDataset(object):
  """Reads `fixed-*.bin`: a header, then records of a label and a one-value payload."""

  def __init__(self, data_dir, status='eval', batch_size=5):
    self.data_dir = data_dir
    self.status = status
    self.batch_size = batch_size
    self.image_shape = [1]

  def filenames(self):
    names = [os.path.join(self.data_dir, 'fixed-%d.bin' % i) for i in range(3)]
    for f in names:
      if not tf.gfile.Exists(f):
        raise ValueError('Failed to find file: ' + f)
    return names

  def read_data(self, filename_queue):
    image_bytes = VALUE_BYTES
    for elem in self.image_shape:
      image_bytes *= elem
    # Every record consists of a label followed by the payload, with a fixed number of bytes for each.
    record_bytes = LABEL_BYTES + image_bytes
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
    key, value = reader.read(filename_queue)

    # Convert from a string to a vector of int32 that is record_bytes / 4 long.
    record_bytes = tf.decode_raw(value, tf.int32)
    label = tf.cast(tf.strided_slice(record_bytes, [0], [1]), tf.int64)
    image = tf.reshape(tf.strided_slice(record_bytes, [1], [1 + image_bytes // VALUE_BYTES]), self.image_shape)
    return label, image

  def inputs(self):
    filenames = self.filenames()
    # No num_epochs: the evaluation counts its own steps, the producer cycles.
    filename_queue = tf.train.string_input_producer(filenames, shuffle=(self.status == 'train'))
    label, image = self.read_data(filename_queue)
    image = tf.cast(image, tf.float32)
    label.set_shape([1])

    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL * min_fraction_of_examples_in_queue)
    log.info('Filling queue with %d examples before starting.', min_queue_examples)
    return _generate_batch(image, label, min_queue_examples, self.batch_size,
                           shuffle=(self.status == 'train'))


def main(data_dir):
  dataset = BinaryRecordDataset(data_dir, status='eval', batch_size=5)
  images, labels = dataset.inputs()
  doubled = images * 2.0

  num_iter = int(math.ceil(NUM_EXAMPLES_PER_EPOCH_FOR_EVAL / dataset.batch_size))
  batches = []
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    coord = tf.train.Coordinator()
    threads = []
    try:
      threads = tf.train.start_queue_runners(sess=sess, coord=coord)
      step = 0
      while step < num_iter and not coord.should_stop():
        img, lab, dbl = sess.run([images, labels, doubled])
        batches.append([img.tolist(), lab.tolist(), dbl.tolist()])
        step += 1
    except Exception as e:  # pylint: disable=broad-except
      coord.request_stop(e)
    finally:
      coord.request_stop()
      coord.join(threads, stop_grace_period_secs=10)
  return {"batches": batches, "end": "steps"}
