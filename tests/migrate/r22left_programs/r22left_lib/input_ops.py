"""A values queue of serialized records (skip-thoughts' and im2txt's ``prefetch_input_data``): a
``RandomShuffleQueue`` or a ``FIFOQueue`` by ``is_training``, filled by the reads of the reader it is given."""

import tensorflow.compat.v1 as tf


def prefetch_input_data(reader, file_pattern, is_training, capacity, num_reader_threads=1):
    """Prefetches string values from disk into an input queue."""
    data_files = []
    for pattern in file_pattern.split(","):
        data_files.extend(tf.gfile.Glob(pattern))
    if not data_files:
        tf.logging.fatal("Found no input files matching %s", file_pattern)
    data_files.sort()
    filename_queue = tf.train.string_input_producer(data_files, shuffle=is_training, capacity=16, num_epochs=1,
                                                    name="filename_queue")
    if is_training:
        min_after_dequeue = int(0.6 * capacity)
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                             dtypes=[tf.string], shapes=[[]], name="random_input_queue")
    else:
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string], shapes=[[]], name="fifo_input_queue")
    enqueue_ops = []
    for _ in range(num_reader_threads):
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    tf.summary.scalar("queue/%s/fraction_of_%d_full" % (values_queue.name, capacity),
                      tf.cast(values_queue.size(), tf.float32) * (1.0 / capacity))
    return values_queue
