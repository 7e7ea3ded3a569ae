"""`from tensorflow.compat.v1 import train`: the module's own helper returns a list bound to a name (one scalar
shape, one `[None]`), unpacked by its caller into a PaddingFIFOQueue's enqueue; two batch ops over two files."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from r49p_lib.data import drain, write_gauges


def read_stretch(filename_queue):
    reader = tf.TFRecordReader()
    _, example = reader.read(filename_queue)
    context, sequence = tf.parse_single_sequence_example(
        example, context_features={"station": tf.FixedLenFeature([], tf.int64)},
        sequence_features={"data": tf.FixedLenSequenceFeature([1], tf.float32)})
    res = [tf.reshape(sequence["data"], [-1]) * 10.0, context["station"]]
    return res


def producer(path, batch_size):
    filename_queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    levels, station = read_stretch(filename_queue)
    q = tf.PaddingFIFOQueue(8, [tf.float32, tf.int64], shapes=[[None], []])
    enqueue_op = q.enqueue([levels, station])
    qr = train.QueueRunner(q, [enqueue_op])
    train.add_queue_runner(qr)
    batch = q.dequeue_many(batch_size)
    return batch


def main(data_dir):
    first = producer(write_gauges(os.path.join(data_dir, "r49p_list_a"), 8, 1, 500), 2)
    second = producer(write_gauges(os.path.join(data_dir, "r49p_list_b"), 6, 1, 700), 3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        batches = drain(sess, first) + drain(sess, second)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
