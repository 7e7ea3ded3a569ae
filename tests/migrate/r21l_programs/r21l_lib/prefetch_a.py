"""im2txt's prefetch helper on its own (the three-module layout): a values queue filled by the enqueue ops of
`num_reader_threads` reads of the reader it is given, under one QueueRunner, returned."""

from __future__ import absolute_import

import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard=8,
                        num_reader_threads=2, shard_queue_name="filename_queue", value_queue_name="input_queue"):
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(tf.gfile.Glob(pattern))
    if not data_files:
        raise IOError("Found no input files matching %s" % file_pattern)
    data_files.sort()
    if is_training:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True, capacity=16,
                                                        name=shard_queue_name)
        capacity = values_per_shard + 10 * batch_size
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=values_per_shard,
                                             dtypes=[tf.string], name="random_" + value_queue_name)
    else:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, capacity=1, num_epochs=1,
                                                        name=shard_queue_name)
        capacity = values_per_shard + 3 * batch_size
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], name="fifo_" + value_queue_name)
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    tf.summary.scalar("queue/%s/fraction_of_%d_full" % (values_queue.name, capacity),
                      tf.cast(values_queue.size(), tf.float32) * (1. / capacity))
    return values_queue
