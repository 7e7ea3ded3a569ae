"""A prefetch stage of whole batches: the queue class is chosen by a function of this module, which says it
with an ``if``; the stage is filled by one QueueRunner and returned."""
import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops


def _pick_queue(pad_batches):
    """The padding queue where batches have ragged shapes."""
    if pad_batches:
        return data_flow_ops.PaddingFIFOQueue
    return data_flow_ops.FIFOQueue


def stage_batches(tensors, capacity=4, threads=1, pad_batches=False):
    with tf.name_scope("stage_batches"):
        stage = _pick_queue(pad_batches)(capacity, [t.dtype for t in tensors],
                                         shapes=[t.get_shape() for t in tensors])
        fill = stage.enqueue(tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(stage, [fill] * threads))
        tf.summary.scalar("stage_fill", tf.cast(stage.size(), tf.float32) / capacity)
        return stage
