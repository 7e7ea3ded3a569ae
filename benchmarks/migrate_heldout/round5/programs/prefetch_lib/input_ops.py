"""Input ops: prefetch serialized records into a values queue with several reader threads."""

import glob

from tensorflow.python.framework import dtypes
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.ops import parsing_ops
from tensorflow.python.platform import tf_logging as logging
from tensorflow.python.training import input as tf_input
from tensorflow.python.training import queue_runner


def parse_example(serialized, x_feature='x', label_feature='label'):
  """Parses a serialized Example into its feature vector and label."""
  features = parsing_ops.parse_single_example(
      serialized,
      features={
          x_feature: parsing_ops.FixedLenFeature([3], dtype=dtypes.float32),
          label_feature: parsing_ops.FixedLenFeature([], dtype=dtypes.int64),
      })
  return features[x_feature], features[label_feature]


def prefetch_input_data(reader,
                        file_pattern,
                        is_training,
                        batch_size,
                        values_per_shard,
                        input_queue_capacity_factor=16,
                        num_reader_threads=1,
                        shard_queue_name='filename_queue',
                        value_queue_name='input_queue'):
  """Prefetches string values from disk into an input queue."""
  data_files = []
  for pattern in file_pattern.split(','):
    data_files.extend(sorted(glob.glob(pattern)))
  if not data_files:
    logging.fatal('Found no input files matching %s', file_pattern)
  else:
    logging.info('Prefetching values from %d files matching %s', len(data_files), file_pattern)

  if is_training:
    filename_queue = tf_input.string_input_producer(
        data_files, shuffle=True, capacity=16, name=shard_queue_name)
    min_queue_examples = values_per_shard * input_queue_capacity_factor
    capacity = min_queue_examples + 100 * batch_size
    values_queue = data_flow_ops.RandomShuffleQueue(
        capacity=capacity,
        min_after_dequeue=min_queue_examples,
        dtypes=[dtypes.string],
        name='random_' + value_queue_name)
  else:
    filename_queue = tf_input.string_input_producer(
        data_files, shuffle=False, capacity=1, num_epochs=1, name=shard_queue_name)
    capacity = values_per_shard + 3 * batch_size
    values_queue = data_flow_ops.FIFOQueue(
        capacity=capacity, dtypes=[dtypes.string], name='fifo_' + value_queue_name)

  enqueue_ops = []
  for _ in range(num_reader_threads):
    _, value = reader.read(filename_queue)
    enqueue_ops.append(values_queue.enqueue([value]))
  queue_runner.add_queue_runner(queue_runner.QueueRunner(values_queue, enqueue_ops))

  return values_queue
