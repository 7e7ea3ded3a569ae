"""Round 48's form: a batch function makes a PaddingFIFOQueue in each branch of an `if` (other dtypes, other shapes,
one with `None` dims only), fills it by `[enqueue_op] * threads` under one QueueRunner after the `if`, and returns
its `dequeue_many`; a name chosen by an `if` before it (`scaled`); called twice, once down each branch
(`from tensorflow.compat.v1 import train`)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r49p_lib.data import drain, write_gauges


def padded(path, batch_size, with_station, scale=None, threads=1):
    file_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(file_queue)
    context, sequence = tf.parse_single_sequence_example(
        serialized, context_features={"station": tf.FixedLenFeature([], tf.int64)},
        sequence_features={"data": tf.FixedLenSequenceFeature([2], tf.float32)})
    steps = tf.shape(sequence["data"])[0]
    if scale is not None:
        scaled = sequence["data"] * scale
    else:
        scaled = sequence["data"]
    if with_station:
        queue = tf.PaddingFIFOQueue(16, [tf.float32, tf.int64, tf.int32], shapes=[(None, 2), (), ()])
        enqueue_ops = [queue.enqueue([scaled, context["station"], steps])] * threads
    else:
        queue = tf.PaddingFIFOQueue(16, [tf.float32, tf.int32], shapes=[[None, None], []])
        enqueue_ops = [queue.enqueue([scaled + 1.0, steps])] * threads
    train.add_queue_runner(train.QueueRunner(queue, enqueue_ops))
    return queue.dequeue_many(batch_size)


def main(data_dir):
    labelled = padded(write_gauges(os.path.join(data_dir, "r49p_branch_a"), 8, 2, 900), 2, True, scale=3.0)
    plain = padded(write_gauges(os.path.join(data_dir, "r49p_branch_b"), 9, 2, 950), 3, False)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, labelled) + drain(sess, plain)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
