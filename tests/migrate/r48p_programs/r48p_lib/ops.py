"""A prefetch helper reading a module-level logger, and a function handed the returned queue that dequeues it
once and batches (`from tensorflow.compat.v1 import train` style)."""
import logging

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

log = logging.getLogger("r48p")


def prefetch_input_data(reader, file_pattern, is_training, batch_size, values_per_shard, num_reader_threads=1):
    data_files = sorted(tf.gfile.Glob(file_pattern))
    log.info("prefetching %d files", len(data_files))
    if is_training:
        filename_queue = train.string_input_producer(data_files, shuffle=True, num_epochs=1)
        capacity = values_per_shard * 2 + 10 * batch_size
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=values_per_shard,
                                             dtypes=[tf.string])
    else:
        filename_queue = train.string_input_producer(data_files, shuffle=False, num_epochs=1)
        values_queue = tf.FIFOQueue(capacity=values_per_shard + 3 * batch_size, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    train.add_queue_runner(train.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def parse(line):
    ident, length = tf.decode_csv(tf.reshape(line, []), [[0], [0]])
    return ident, length * 10 + ident


def batch_rows(input_queue, batch_size):
    serialized = input_queue.dequeue()
    ident, value = parse(serialized)
    return train.batch([ident, value], batch_size=batch_size, capacity=2 * batch_size)
