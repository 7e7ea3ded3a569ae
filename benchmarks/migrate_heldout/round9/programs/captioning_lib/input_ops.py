"""Input ops (im2txt's ops/inputs.py layout): a prefetch queue of serialized records and its parsing."""

import tensorflow.compat.v1 as tf


def parse_sequence_example(serialized, value_feature, label_feature):
    """Parses one serialized tf.Example into its value vector and label."""
    parsed = tf.parse_single_example(
        serialized,
        features={
            value_feature: tf.FixedLenFeature([3], dtype=tf.float32),
            label_feature: tf.FixedLenFeature([], dtype=tf.int64),
        })
    return parsed[value_feature], parsed[label_feature]


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard,
                        input_queue_capacity_factor=4, num_reader_threads=1, num_epochs=None,
                        shard_queue_name="filename_queue", value_queue_name="input_queue"):
    """Prefetches string values from disk into an input queue."""
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(sorted(tf.gfile.Glob(pattern)))
    if not data_files:
        tf.logging.fatal("Found no input files matching %s", file_pattern)

    if is_training:
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=True, capacity=16, num_epochs=num_epochs, name=shard_queue_name)
        min_queue_examples = values_per_shard * input_queue_capacity_factor
        capacity = min_queue_examples + 100 * batch_size
        values_queue = tf.RandomShuffleQueue(
            capacity=capacity, min_after_dequeue=min_queue_examples, dtypes=[tf.string],
            name="random_" + value_queue_name)
    else:
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=False, capacity=1, num_epochs=num_epochs, name=shard_queue_name)
        capacity = values_per_shard + 3 * batch_size
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], name="fifo_" + value_queue_name)

    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def batch_with_weights(values_and_labels, batch_size, queue_capacity):
    """Batches the (value, label) pairs of several preprocessing threads, adding a weight column."""
    enqueue_list = []
    for value, label in values_and_labels:
        weight = tf.cast(label % 3, tf.float32) + 1.0
        enqueue_list.append([value, label, weight])
    values, labels, weights = tf.train.batch_join(
        enqueue_list, batch_size=batch_size, capacity=queue_capacity, allow_smaller_final_batch=True,
        name="batch_and_pad")
    return values, labels, weights
