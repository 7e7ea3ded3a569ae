"""A prefetch helper (its class an inline conditional) and a tower builder calling a model function per tower."""
import tensorflow.compat.v1 as tf


def prefetched(tensors, capacity=2, dynamic_pad=False):
    q = (tf.PaddingFIFOQueue if dynamic_pad else tf.FIFOQueue)(
        capacity, [t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue(tensors)]))
    return q


def build_towers(count, model_fn, args):
    return [model_fn(*args) for _ in range(count)]
