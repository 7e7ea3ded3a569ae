"""A prefetch helper in a package submodule, its reader made in each turn of the loop, the queue chosen by a
flag written as ``if not shuffle``."""

import tensorflow.compat.v1 as tf


def prefetch_input_data(file_pattern, shuffle, capacity, num_reader_threads=1):
    data_files = sorted(tf.gfile.Glob(file_pattern))
    filename_queue = tf.train.string_input_producer(data_files, shuffle=False, num_epochs=1)
    if not shuffle:
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], name="fifo_input_queue")
    else:
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=capacity // 2,
                                             dtypes=[tf.string], name="random_input_queue")
    enqueue_ops = []
    for _ in range(num_reader_threads):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue


def shuffled_values(file_pattern, capacity, num_readers=2):
    """A shuffle queue of values with its shapes, its readers made in the loop."""
    filename_queue = tf.train.string_input_producer(sorted(tf.gfile.Glob(file_pattern)), num_epochs=1)
    values_queue = tf.RandomShuffleQueue(capacity, capacity // 4, [tf.string], shapes=[[]])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue
