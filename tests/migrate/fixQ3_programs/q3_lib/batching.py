"""A batch helper of another module taking the file queue from its caller, reading through the reader helper of
a third module, under ``tf.device`` and a ``name_scope``; its training arm only raises."""
import tensorflow.compat.v1 as tf

from q3_lib import readers


def batch_inputs(data_queue, batch_size=4, train=True):
    with tf.device("/cpu:0"), tf.name_scope("batch_inputs"):
        example = readers.read_sequence(data_queue)
        if train:
            # bucketing by length lived in tf.contrib
            raise NotImplementedError("bucketed training batches are not available")
        else:
            batched = tf.train.batch(example, batch_size=batch_size, dynamic_pad=True,
                                     allow_smaller_final_batch=True)
            return batched
