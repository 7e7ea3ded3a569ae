"""A helper that keeps the queue: a one-column FIFOQueue filled by two runner threads, returning its dequeue."""
import numpy as np
import tensorflow.compat.v1 as tf


def read_table(path):
    return np.loadtxt(path, delimiter=',')


def sample_queue(path, num_threads=2):
    table = read_table(path)
    queue = tf.FIFOQueue(capacity=6, dtypes=[tf.float32])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [queue.enqueue_many([table])] * num_threads))
    return queue.dequeue()
