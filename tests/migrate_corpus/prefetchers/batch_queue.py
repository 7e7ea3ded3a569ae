"""A prefetch queue of already-batched tensors, slim/object-detection style: a FIFOQueue with component names,
its runner made apart and added to the graph's runners, a fill-level summary; the queue is returned."""

import tensorflow as tf


def prefetch_batches(batched, capacity=2):
    names = sorted(batched)
    queue = tf.compat.v1.FIFOQueue(capacity, dtypes=[batched[k].dtype for k in names], names=names)
    runner = tf.compat.v1.train.queue_runner.QueueRunner(queue, [queue.enqueue(batched)])
    tf.compat.v1.train.queue_runner.add_queue_runner(runner)
    tf.compat.v1.summary.scalar("prefetch/%s_fill" % queue.name,
                                tf.cast(queue.size(), tf.float32) * (1.0 / capacity))
    return queue
