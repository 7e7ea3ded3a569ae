"""Queue stages of the input functions: helpers that run the tensors they are given through their own queue."""

import tensorflow.compat.v1 as tf

CAPACITY = 64


def shuffle_stage(tensors, capacity=CAPACITY, min_after_dequeue=8, threads=2):
    queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=min_after_dequeue,
                                  dtypes=[t.dtype for t in tensors])
    op = queue.enqueue(tensors)
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(queue, [op] * threads))
    outs = queue.dequeue()
    for i, out in enumerate(outs):
        out.set_shape(tensors[i].get_shape())
    return outs


def fifo_stage(tensors, capacity=16):
    """Hands the tensors on through a FIFOQueue of one thread (their static shapes given back)."""
    queue = tf.FIFOQueue(capacity, [t.dtype for t in tensors])
    enqueue_op = queue.enqueue(tensors)
    qr = tf.train.QueueRunner(queue, [enqueue_op])
    tf.train.add_queue_runner(qr)
    out = queue.dequeue()
    for t, given in zip(out, tensors):
        t.set_shape(given.shape)
    return out
