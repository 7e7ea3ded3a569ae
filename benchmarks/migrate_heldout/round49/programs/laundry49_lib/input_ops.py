#! /usr/bin/python
# -*- coding: utf-8 -*-
"""Input ops for the laundromat fleet logs (tensorlayer / im2txt layout)."""

import logging

import tensorflow.compat.v1 as tf

log = logging.getLogger("laundry49")


def parse_log_example(serialized, machine_feature="machine/id", cycle_feature="cycle/minutes",
                      sensor_feature="sensor/kwh", fault_feature="fault/code"):
    features = tf.parse_single_example(
        serialized,
        features={
            machine_feature: tf.FixedLenFeature([], dtype=tf.string),
            cycle_feature: tf.FixedLenFeature([], dtype=tf.int64),
            sensor_feature: tf.FixedLenFeature([3], dtype=tf.float32),
            fault_feature: tf.FixedLenFeature([], dtype=tf.int64, default_value=0),
        })
    return (features[machine_feature], features[cycle_feature],
            features[sensor_feature], features[fault_feature])


def prefetch_input_data(
        reader, file_pattern, is_training, batch_size, values_per_shard, input_queue_capacity_factor=2,
        num_reader_threads=1, shard_queue_name="filename_queue", value_queue_name="input_queue"
):
    """Prefetches string values from disk into an input queue.

    Args:
        reader: Instance of tf.ReaderBase.
        file_pattern: Comma-separated list of file patterns.
        is_training: Boolean; whether prefetching for training or eval.
        batch_size: Model batch size used to determine queue capacity.
        values_per_shard: Approximate number of values per shard.
        input_queue_capacity_factor: Minimum number of values to keep in the queue
        in multiples of values_per_shard.
        num_reader_threads: Number of reader threads to fill the queue.

    Returns:
        A Queue containing prefetched string values.
    """
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(sorted(tf.gfile.Glob(pattern)))
    if not data_files:
        log.fatal("Found no input files matching %s", file_pattern)
    else:
        log.info("Prefetching values from %d files matching %s", len(data_files), file_pattern)

    if is_training:
        print("   is_training == True : RandomShuffleQueue")
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=True, capacity=16, name=shard_queue_name, num_epochs=1, seed=49)
        min_queue_examples = values_per_shard * input_queue_capacity_factor
        capacity = min_queue_examples + 100 * batch_size
        values_queue = tf.RandomShuffleQueue(
            capacity=capacity, min_after_dequeue=min_queue_examples, dtypes=[tf.string],
            seed=49, name="random_" + value_queue_name)
    else:
        print("   is_training == False : FIFOQueue")
        filename_queue = tf.train.string_input_producer(
            data_files, shuffle=False, capacity=1, name=shard_queue_name, num_epochs=1)
        capacity = values_per_shard + 3 * batch_size
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], name="fifo_" + value_queue_name)

    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    tf.summary.scalar(
        "queue/%s/fraction_of_%d_full" % (values_queue.name, capacity),
        tf.cast(values_queue.size(), tf.float32) * (1. / capacity))

    return values_queue


def batch_logs(input_queue, batch_size):
    serialized = input_queue.dequeue()
    machine, minutes, kwh, fault = parse_log_example(serialized)
    return tf.train.batch([machine, minutes, kwh, fault], batch_size=batch_size,
                          capacity=2 * batch_size, name="batch_and_pad")
