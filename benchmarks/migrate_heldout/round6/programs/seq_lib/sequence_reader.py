"""Shared sequence-example utilities: a padded batch of SequenceExamples from TFRecord files.

A PaddingFIFOQueue filled by `num_enqueuing_threads` copies of one enqueue op, registered with a
QueueRunner, and read with `dequeue_many` (the melody models' input shape).
"""

import math

import tensorflow.compat.v1 as tf


def make_sequence_example(inputs, labels):
  """Returns a SequenceExample for the given inputs and labels."""
  input_features = [
      tf.train.Feature(float_list=tf.train.FloatList(value=input_)) for input_ in inputs]
  label_features = [
      tf.train.Feature(int64_list=tf.train.Int64List(value=[label])) for label in labels]
  feature_list = {
      'inputs': tf.train.FeatureList(feature=input_features),
      'labels': tf.train.FeatureList(feature=label_features),
  }
  feature_lists = tf.train.FeatureLists(feature_list=feature_list)
  return tf.train.SequenceExample(feature_lists=feature_lists)


def get_padded_batch(file_list, batch_size, input_size, num_enqueuing_threads=4, num_epochs=None):
  """Reads batches of SequenceExamples from TFRecords and pads them.

  Args:
    file_list: A list of paths to TFRecord files containing SequenceExamples.
    batch_size: The number of SequenceExamples to include in each batch.
    input_size: The size of each input vector.
    num_enqueuing_threads: The number of threads to use for enqueuing SequenceExamples.
    num_epochs: How many times to read the files (None: forever).

  Returns:
    inputs: A tensor of shape [batch_size, num_steps, input_size] of floats32s.
    labels: A tensor of shape [batch_size, num_steps] of int64s.
    lengths: A tensor of shape [batch_size] of int32s. The lengths of each SequenceExample before padding.
  """
  file_queue = tf.train.string_input_producer(file_list, num_epochs=num_epochs)
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(file_queue)

  sequence_features = {
      'inputs': tf.FixedLenSequenceFeature(shape=[input_size], dtype=tf.float32),
      'labels': tf.FixedLenSequenceFeature(shape=[], dtype=tf.int64)}

  _, sequence = tf.parse_single_sequence_example(
      serialized_example, sequence_features=sequence_features)

  length = tf.shape(sequence['inputs'])[0]

  queue = tf.PaddingFIFOQueue(
      capacity=1000,
      dtypes=[tf.float32, tf.int64, tf.int32],
      shapes=[(None, input_size), (None,), ()])

  enqueue_ops = [queue.enqueue([sequence['inputs'],
                                sequence['labels'],
                                length])] * num_enqueuing_threads
  tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))
  return queue.dequeue_many(batch_size)


def count_records(file_list, stop_at=None):
  """Counts number of records in files from `file_list` up to `stop_at`."""
  num_records = 0
  for tfrecord_file in file_list:
    for _ in tf.python_io.tf_record_iterator(tfrecord_file):
      num_records += 1
      if stop_at and num_records >= stop_at:
        return num_records
  return num_records
