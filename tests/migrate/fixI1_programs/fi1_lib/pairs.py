import tensorflow as tf

def make_pair_list(width):
    x = tf.compat.v1.placeholder(tf.int64, [None])
    y = tf.compat.v1.placeholder(tf.int64, [])
    return [x, y]

def make_padding_queue(capacity):
    q = tf.queue.PaddingFIFOQueue(capacity, [tf.int64, tf.int64], shapes=[[None], []])
    return q
