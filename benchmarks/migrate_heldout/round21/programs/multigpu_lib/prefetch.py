"""A queue that prefetches whole batches (what slim's prefetch_queue did), filled by a QueueRunner."""

import tensorflow.compat.v1 as tf


def prefetch_queue(tensors, capacity=8, num_threads=1, dynamic_pad=False, shared_name=None, name=None):
    """Creates a queue to prefetch tensors from `tensors`; its runner is added to the QUEUE_RUNNERS
    collection. Example: batch_queue = prefetch_queue([images, labels]); images, labels =
    batch_queue.dequeue()."""
    if isinstance(tensors, dict):
        names = list(tensors.keys())
        tensor_list = list(tensors.values())
    else:
        names = None
        tensor_list = tensors

    with tf.name_scope(name, "prefetch_queue", tensor_list) as name:
        dtypes = [t.dtype for t in tensor_list]
        shapes = [t.get_shape() for t in tensor_list]
        if dynamic_pad:
            queue = tf.PaddingFIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, names=names,
                                        shared_name=shared_name)
        else:
            queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes, names=names,
                                 shared_name=shared_name)
        enqueue_op = queue.enqueue(tensors)
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, [enqueue_op] * num_threads))
        tf.summary.scalar("fraction_of_%d_full" % capacity, tf.cast(queue.size(), tf.float32) * (1. / capacity))
        return queue
