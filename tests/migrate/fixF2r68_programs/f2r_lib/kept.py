"""A prefetch stage whose queue class is chosen by a function given a call's value: left (the call would be
evaluated where the class is chosen; the rewrite takes names and literals only)."""
import tensorflow.compat.v1 as tf


def _klass(flag):
    return tf.PaddingFIFOQueue if flag else tf.FIFOQueue


def kept_stage(tensors, capacity=3, ragged=False):
    q = _klass(bool(ragged))(capacity=capacity, dtypes=[t.dtype for t in tensors],
                             shapes=[t.get_shape() for t in tensors])
    op = q.enqueue(tensors)
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(q, [op]))
    return q
