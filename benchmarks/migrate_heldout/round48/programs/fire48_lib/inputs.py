# Copyright notice of the original im2txt authors applies to the organisation of these helpers.
"""Input ops."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


def parse_sequence_example(serialized, frame_feature, score_feature):
  """Parses a tensorflow.SequenceExample into a frame and smoke score sequence.

  Args:
    serialized: A scalar string Tensor; a single serialized SequenceExample.
    frame_feature: Name of SequenceExample context feature containing frame
      data.
    score_feature: Name of SequenceExample feature list containing integer
      smoke scores.

  Returns:
    frame: A scalar string Tensor containing the raw frame bytes.
    scores: A 1-D int64 Tensor with dynamically specified length.
  """
  context, sequence = tf.parse_single_sequence_example(
      serialized,
      context_features={
          frame_feature: tf.FixedLenFeature([], dtype=tf.string)
      },
      sequence_features={
          score_feature: tf.FixedLenSequenceFeature([], dtype=tf.int64),
      })

  frame = context[frame_feature]
  scores = sequence[score_feature]
  return frame, scores


def prefetch_input_data(reader,
                        file_pattern,
                        is_training,
                        batch_size,
                        values_per_shard,
                        input_queue_capacity_factor=16,
                        num_reader_threads=1,
                        shard_queue_name="filename_queue",
                        value_queue_name="input_queue"):
  """Prefetches string values from disk into an input queue.

  Returns:
    A Queue containing prefetched string values.
  """
  data_files = []
  for pattern in file_pattern.split(","):
    data_files.extend(sorted(tf.gfile.Glob(pattern)))
  if not data_files:
    tf.logging.fatal("Found no input files matching %s", file_pattern)
  else:
    tf.logging.info("Prefetching values from %d files matching %s",
                    len(data_files), file_pattern)

  if is_training:
    filename_queue = tf.train.string_input_producer(
        data_files, shuffle=True, capacity=16, name=shard_queue_name)
    min_queue_examples = values_per_shard * input_queue_capacity_factor
    capacity = min_queue_examples + 100 * batch_size
    values_queue = tf.RandomShuffleQueue(
        capacity=capacity,
        min_after_dequeue=min_queue_examples,
        dtypes=[tf.string],
        name="random_" + value_queue_name)
  else:
    filename_queue = tf.train.string_input_producer(
        data_files, shuffle=False, capacity=1, name=shard_queue_name)
    capacity = values_per_shard + 3 * batch_size
    values_queue = tf.FIFOQueue(
        capacity=capacity, dtypes=[tf.string], name="fifo_" + value_queue_name)

  enqueue_ops = []
  for _ in range(num_reader_threads):
    _, value = reader.read(filename_queue)
    enqueue_ops.append(values_queue.enqueue([value]))
  tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(
      values_queue, enqueue_ops))
  tf.summary.scalar(
      "queue/%s/fraction_of_%d_full" % (values_queue.name, capacity),
      tf.cast(values_queue.size(), tf.float32) * (1. / capacity))

  return values_queue


def batch_with_dynamic_pad(frames_and_scores,
                           batch_size,
                           queue_capacity,
                           add_summaries=True):
  """Batches input frames and smoke score sequences.

  The input sequence is the score sequence without its last element and the
  target sequence is the score sequence shifted by one (the next tile's score).
  """
  enqueue_list = []
  for frame, scores in frames_and_scores:
    score_length = tf.shape(scores)[0]
    input_length = tf.expand_dims(tf.subtract(score_length, 1), 0)

    input_seq = tf.slice(scores, [0], input_length)
    target_seq = tf.slice(scores, [1], input_length)
    indicator = tf.ones(input_length, dtype=tf.int32)
    enqueue_list.append([frame, input_seq, target_seq, indicator])

  frames, input_seqs, target_seqs, mask = tf.train.batch_join(
      enqueue_list,
      batch_size=batch_size,
      capacity=queue_capacity,
      dynamic_pad=True,
      name="batch_and_pad")

  if add_summaries:
    lengths = tf.add(tf.reduce_sum(mask, 1), 1)
    tf.summary.scalar("score_length/batch_min", tf.reduce_min(lengths))
    tf.summary.scalar("score_length/batch_max", tf.reduce_max(lengths))
    tf.summary.scalar("score_length/batch_mean", tf.reduce_mean(lengths))

  return frames, input_seqs, target_seqs, mask
