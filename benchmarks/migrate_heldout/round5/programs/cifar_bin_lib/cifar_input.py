"""Routine for decoding the fixed-length binary files (a CIFAR-10-style input module)."""

import os

import tensorflow.compat.v1 as tf

# Layout of the binary files: a 4-byte header, then records of two little-endian int32s.
HEADER_BYTES = 4
INDEX_BYTES = 4
VALUE_BYTES = 4

NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 24
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 36


def read_fixed(filename_queue):
  """Reads and parses one record from the data files.

  Returns:
    An object representing a single example, with the fields key, index and value.
  """

  class FixedRecord(object):
    pass

  result = FixedRecord()
  record_bytes = INDEX_BYTES + VALUE_BYTES

  # Read a record, getting filenames from the filename_queue.
  reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
  result.key, value = reader.read(filename_queue)

  # Convert from a string to a vector of int32 that is two long.
  record = tf.decode_raw(value, tf.int32)
  result.index = tf.reshape(tf.strided_slice(record, [0], [1]), [])
  result.value = tf.reshape(tf.cast(tf.strided_slice(record, [1], [2]), tf.float32), [1])
  return result


def _generate_batch(index, value, min_queue_examples, batch_size, shuffle):
  """Construct a queued batch of indices and values."""
  num_preprocess_threads = 1
  if shuffle:
    indices, values = tf.train.shuffle_batch(
        [index, value],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples)
  else:
    indices, values = tf.train.batch(
        [index, value],
        batch_size=batch_size,
        num_threads=num_preprocess_threads,
        capacity=min_queue_examples + 3 * batch_size)
  return indices, tf.reshape(values, [batch_size])


def inputs(eval_data, data_dir, batch_size):
  """Construct input for evaluation using the Reader ops."""
  if not eval_data:
    filenames = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(2)]
    num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN
  else:
    filenames = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(3)]
    num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL

  for f in filenames:
    if not tf.gfile.Exists(f):
      raise ValueError('Failed to find file: ' + f)

  with tf.name_scope('input'):
    # Create a queue that produces the filenames to read.
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)

    # Read examples from files in the filename queue.
    read_input = read_fixed(filename_queue)
    scaled = read_input.value * 0.5 + 1.0

    # Ensure that the random shuffling has good mixing properties.
    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(num_examples_per_epoch * min_fraction_of_examples_in_queue)

  # Generate a batch by building up a queue of examples.
  return _generate_batch(read_input.index, scaled, min_queue_examples, batch_size, shuffle=False)
