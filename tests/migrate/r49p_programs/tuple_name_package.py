"""The parse helper in another module returns a tuple bound to a name, unpacked by its caller, whose tensors fill a
PaddingFIFOQueue (a `None` dim and a fixed one) run by a QueueRunner and read by `dequeue_many`."""
import os

import tensorflow.compat.v1 as tf

from r49p_lib import parse
from r49p_lib.data import drain, write_gauges


def batch_producer(path, batch_size=3, capacity=16, threads=1):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    data, seq_len, station = parse.parse_example(filename_queue)
    seq_len = tf.cast(seq_len, tf.int32)
    q = tf.PaddingFIFOQueue(capacity=capacity, dtypes=[tf.float32, tf.int32, tf.int64],
                            shapes=[[None, parse.WIDTH], [], []])
    enqueue_op = q.enqueue([data, seq_len, station])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [enqueue_op] * threads))
    return q.dequeue_many(n=batch_size)


def main(data_dir):
    path = write_gauges(os.path.join(data_dir, "r49p_package"), 9, 2, 300)
    batch_op = batch_producer(path)
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = drain(sess, batch_op)
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "OutOfRangeError"}
