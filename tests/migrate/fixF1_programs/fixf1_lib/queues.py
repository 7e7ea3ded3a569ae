"""A feed-thread queue's builder, called from another module: it returns the queue, its ops and placeholders."""
import tensorflow.compat.v1 as tf

WIDTH = 3


def build_feed_queue(capacity):
    values = tf.placeholder(tf.float32, [WIDTH])
    tag = tf.placeholder(tf.int64, [])
    queue = tf.FIFOQueue(capacity, [tf.float32, tf.int64], shapes=[[WIDTH], []])
    put = queue.enqueue([values, tag])
    stop = queue.close()
    return queue, put, stop, values, tag
