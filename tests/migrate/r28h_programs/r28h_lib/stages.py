import tensorflow as tf


def shuffle_dict(tensors, capacity, min_after_dequeue=3, threads=1, seed=None):
    keys = sorted(tensors)
    queue = tf.compat.v1.RandomShuffleQueue(
        capacity, min_after_dequeue, [tensors[k].dtype for k in keys], names=keys, seed=seed,
        shapes=[tensors[k].shape for k in keys])
    op = queue.enqueue(tensors)
    tf.compat.v1.train.add_queue_runner(tf.compat.v1.train.QueueRunner(queue, [op] * threads))
    out = queue.dequeue()
    for k in keys:
        out[k].set_shape(tensors[k].shape)
    return out
