"""A batch helper of its own module: a FIFOQueue of two components filled by three threads of one op,
its runner kept in a name and registered, read by ``dequeue_many`` into two names returned."""
import tensorflow.compat.v1 as tf


def fifo_pairs(number, square, batch_size, capacity=32):
    queue = tf.FIFOQueue(capacity, [tf.int32, tf.int32], shapes=[[], []])
    op = queue.enqueue([number, square])
    threads = 3
    qr = tf.train.QueueRunner(queue, threads * [op])
    tf.train.add_queue_runner(qr)
    numbers, squares = queue.dequeue_many(batch_size)
    return numbers, squares
