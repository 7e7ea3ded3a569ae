"""A padded batch of SequenceExamples written against ``tensorflow.python.*`` modules: a PaddingFIFOQueue
(``data_flow_ops``) filled by a list comprehension of enqueue ops of the same tensors, registered with
``queue_runner_impl.add_queue_runner(queue_runner_impl.QueueRunner(...))``, read with ``dequeue_up_to``."""

from tensorflow.python.framework import dtypes
from tensorflow.python.ops import array_ops, data_flow_ops, io_ops, parsing_ops
from tensorflow.python.training import input as tf_input
from tensorflow.python.training import queue_runner_impl


def padded_batch_up_to(file_list, batch_size, threads=3):
    file_queue = tf_input.string_input_producer(file_list, num_epochs=1, shuffle=False)
    _, serialized = io_ops.TFRecordReader().read(file_queue)
    _, sequence = parsing_ops.parse_single_sequence_example(
        serialized, sequence_features={"labels": parsing_ops.FixedLenSequenceFeature([], dtypes.int64)})
    labels = sequence["labels"]
    queue = data_flow_ops.PaddingFIFOQueue(64, [dtypes.int64, dtypes.int32], shapes=[[None], []])
    enqueue_ops = [queue.enqueue([labels, array_ops.shape(labels)[0]]) for _ in range(threads)]
    queue_runner_impl.add_queue_runner(queue_runner_impl.QueueRunner(queue, enqueue_ops))
    return queue.dequeue_up_to(batch_size)
