"""A prefetch queue in slim's manner, its queue class chosen by a function given a call's value (a form migrate
leaves: a queue class chosen by a name's value migrates, test_migrate_fixF2r68)."""
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.training import queue_runner


def _queue_class(padded):
    return data_flow_ops.PaddingFIFOQueue if padded else data_flow_ops.FIFOQueue


def prefetch_queue(tensors, capacity=4, num_threads=1, padded=False):
    with tf.name_scope(None, "prefetch_queue", tensors):
        queue = _queue_class(bool(padded))(
            capacity=capacity, dtypes=[t.dtype for t in tensors], shapes=[t.get_shape() for t in tensors])
        enqueue_op = queue.enqueue(tensors)
        queue_runner.add_queue_runner(queue_runner.QueueRunner(queue, [enqueue_op] * num_threads))
        return queue
