"""slim's prefetch_queue: a queue of whole batches filled by one QueueRunner."""

import tensorflow.compat.v1 as tf


def prefetch_queue(tensors, capacity=8, num_threads=1, dynamic_pad=False, shared_name=None, name=None):
    with tf.name_scope(name, "prefetch_queue", tensors) as name:
        dtypes = [t.dtype for t in tensors]
        shapes = [t.get_shape() for t in tensors]
        if dynamic_pad:
            queue = tf.PaddingFIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, shared_name=shared_name)
        else:
            queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, shared_name=shared_name)
        enqueue_op = queue.enqueue(tensors)
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, [enqueue_op] * num_threads))
        tf.summary.scalar("fraction_of_%d_full" % capacity, tf.cast(queue.size(), tf.float32) * (1. / capacity))
        return queue
