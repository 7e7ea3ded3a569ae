# -*- coding: utf-8 -*-

#Date 04Mar2017 style, surtitle lines

"""Batching, padding and masking the input sequence and output sequence"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function


import tensorflow.compat.v1 as tf

def parse_example_queue(example_queue, context_feature_name, tag_feature_name):
  """ Read one example.
  This function read one example and return context sequence and tag sequence
  correspondingly. 

  Args:
    filename_queue: A filename queue returned by string_input_producer
    context_feature_name: Context feature name in TFRecord. Set in ModelConfig
    tag_feature_name: Tag feature name in TFRecord. Set in ModelConfig

  Returns:
    input_seq: An int32 Tensor with different length.
    tag_seq: An int32 Tensor with different length.
  """

  #Parse one example
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(example_queue)

  context, features = tf.parse_single_sequence_example(
      serialized_example,
      context_features={
          context_feature_name: tf.VarLenFeature(dtype=tf.int64)
      },
      sequence_features={
          tag_feature_name: tf.FixedLenSequenceFeature([], dtype=tf.int64)
      })

  input_seq = tf.cast(tf.sparse_tensor_to_dense(context[context_feature_name]), tf.int32)
  tag_seq = tf.cast(features[tag_feature_name], tf.int32)

  return input_seq, tag_seq


def example_queue_shuffle(reader, filename_queue, is_training, example_queue_name='example_queue', capacity=50000, num_reader_threads=1):
  """Kept from the training setup; the eval path below does not shuffle."""
  raise NotImplementedError("training input not used here")


def batch_with_dynamic_pad(input_seq, tag_seq, batch_size, queue_capacity, add_summaries=True):
  """Batches input and output sequences, padded to the longest line of each batch.

  Returns:
    input_seqs, tag_seqs, mask
  """
  seq_len = tf.shape(input_seq)[0]
  indicator = tf.ones(tf.expand_dims(seq_len, 0), dtype=tf.int32)
  input_seqs, tag_seqs, mask = tf.train.batch(
      [input_seq, tag_seq, indicator],
      batch_size=batch_size,
      capacity=queue_capacity,
      dynamic_pad=True,
      allow_smaller_final_batch=True,
      name="batch_and_pad")

  if add_summaries:
    lengths = tf.add(tf.reduce_sum(mask, 1), 1)
    tf.summary.scalar("surtitle_length/batch_min", tf.reduce_min(lengths))
    tf.summary.scalar("surtitle_length/batch_max", tf.reduce_max(lengths))
    tf.summary.scalar("surtitle_length/batch_mean", tf.reduce_mean(lengths))

  return input_seqs, tag_seqs, mask
