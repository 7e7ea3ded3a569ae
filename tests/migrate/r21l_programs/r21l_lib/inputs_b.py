"""The prefetch helper and the batch helper in one module (round 21's own layout), read through
`from ... import` by a plain function of the program; the reader is the caller's local."""

import tensorflow.compat.v1 as tf


def prefetch_values(reader, files, training=False, capacity=20):
    if training:
        file_queue = tf.train.string_input_producer(files, shuffle=True)
        queue = tf.RandomShuffleQueue(capacity, 4, [tf.string])
    else:
        file_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
        queue = tf.FIFOQueue(capacity, [tf.string])
    ops = []
    for _ in range(2):
        _, value = reader.read(file_queue)
        ops.append(queue.enqueue([value]))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, ops))
    return queue


def pad_copies(copies, batch_size):
    rows = []
    for x, caption in copies:
        total = tf.reduce_sum(x)
        rows.append([total, caption, tf.ones_like(caption)])
    return tf.train.batch_join(rows, batch_size=batch_size, dynamic_pad=True, allow_smaller_final_batch=True)
