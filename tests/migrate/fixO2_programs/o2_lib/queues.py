"""A helper of another module making a fed queue and returning its pieces."""
import tensorflow.compat.v1 as tf


def make_fed_queue(capacity=8):
    words = tf.placeholder(tf.int64, [None], name="words")
    tags = tf.placeholder(tf.int64, [None], name="tags")
    queue = tf.PaddingFIFOQueue(capacity, [tf.int64, tf.int64], shapes=[[None], [None]])
    put = queue.enqueue([words, tags])
    shut = queue.close()
    return queue, put, shut, words, tags
