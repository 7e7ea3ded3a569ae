"""Only the prefetch helper here: the program's own class joins its copies with a batch helper of its module."""

import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, is_training, num_reader_threads=1):
    data_files = sorted(tf.gfile.Glob(file_pattern))
    if is_training:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=True)
        values_queue = tf.RandomShuffleQueue(capacity=40, min_after_dequeue=8, dtypes=[tf.string])
    else:
        filename_queue = tf.train.string_input_producer(data_files, shuffle=False, num_epochs=1)
        values_queue = tf.FIFOQueue(capacity=40, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    return values_queue
