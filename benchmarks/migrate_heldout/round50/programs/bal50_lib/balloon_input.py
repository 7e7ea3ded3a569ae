"""Routine for decoding the hot-air balloon telemetry binary file format (cifar10_input layout)."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

from six.moves import xrange  # pylint: disable=redefined-builtin
import tensorflow.compat.v1 as tf

# one record: 1 label byte (burner state) + 6 readings of 2 bytes (altitude dm, envelope temp, ...)
NUM_READINGS = 6
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 8


def read_balloon(filename_queue):
  """Reads and parses examples from balloon telemetry data files."""

  class BalloonRecord(object):
    pass
  result = BalloonRecord()

  label_bytes = 1
  reading_bytes = 2 * NUM_READINGS
  record_bytes = label_bytes + reading_bytes

  reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
  result.key, value = reader.read(filename_queue)

  record_bytes = tf.decode_raw(value, tf.uint8)
  result.label = tf.cast(tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)
  raw = tf.cast(tf.strided_slice(record_bytes, [label_bytes], [label_bytes + reading_bytes]), tf.int32)
  raw = tf.reshape(raw, [NUM_READINGS, 2])
  # big-endian pairs
  result.readings = raw[:, 0] * 256 + raw[:, 1]
  return result


def _generate_telemetry_and_label_batch(readings, label, min_queue_examples,
                                        batch_size, shuffle):
  num_preprocess_threads = 1
  if shuffle:
    readings_b, label_batch = tf.train.shuffle_batch(
        [readings, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples)
  else:
    readings_b, label_batch = tf.train.batch(
        [readings, label],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size)

  return readings_b, tf.reshape(label_batch, [batch_size])


def inputs(eval_data, data_dir, batch_size):
  """Construct input for balloon evaluation using the Reader ops."""
  if not eval_data:
    filenames = [os.path.join(data_dir, 'flight_%d.bin' % i)
                 for i in xrange(1, 4)]
    num_examples_per_epoch = 3 * NUM_EXAMPLES_PER_EPOCH_FOR_EVAL
  else:
    filenames = [os.path.join(data_dir, 'test_flight.bin')]
    num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL

  for f in filenames:
    if not tf.gfile.Exists(f):
      raise ValueError('Failed to find file: ' + f)

  # Create a queue that produces the filenames to read.
  filename_queue = tf.train.string_input_producer(filenames)

  read_input = read_balloon(filename_queue)
  readings = tf.cast(read_input.readings, tf.float32) / 10.0

  # Set the shapes of tensors.
  readings.set_shape([NUM_READINGS])
  read_input.label.set_shape([1])

  min_fraction_of_examples_in_queue = 0.4
  min_queue_examples = int(num_examples_per_epoch *
                           min_fraction_of_examples_in_queue)

  return _generate_telemetry_and_label_batch(readings, read_input.label,
                                             min_queue_examples, batch_size,
                                             shuffle=False)
