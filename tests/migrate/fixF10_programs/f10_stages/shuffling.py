import tensorflow.compat.v1 as tf


def mix(tensors, capacity=32, min_after_dequeue=2, threads=2, seed=None):
    """A RandomShuffleQueue stage of a list, a dict (its keys as the queue's names) or one tensor."""
    if isinstance(tensors, dict):
        keys = sorted(tensors)
        dtypes = [tensors[k].dtype for k in keys]
    else:
        keys = None
        dtypes = [t.dtype for t in tensors] if isinstance(tensors, (list, tuple)) else [tensors.dtype]
    queue = tf.RandomShuffleQueue(capacity, min_after_dequeue, dtypes, seed=seed,
                                  **({'names': keys} if isinstance(tensors, dict) else {}))
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue(tensors)] * threads))
    out = queue.dequeue()
    if isinstance(out, dict):
        for k in keys:
            out[k].set_shape(tensors[k].get_shape())
    elif isinstance(out, list):
        for o, t in zip(out, tensors):
            o.set_shape(t.get_shape())
    else:
        out.set_shape(tensors[0].get_shape() if isinstance(tensors, list) else tensors.get_shape())
    return out


def hold(row, capacity=16):
    """A FIFOQueue stage of a dict: its queue takes the dict's keys as names."""
    names = list(row.keys())
    q = tf.FIFOQueue(capacity, [row[n].dtype for n in names], shapes=[row[n].get_shape() for n in names],
                     names=names)
    op = q.enqueue(row)
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [op]))
    out = q.dequeue()
    return out
