import tensorflow.compat.v1 as tf


def hit_block(queue):
    reader = tf.TextLineReader()
    _, lines = reader.read_up_to(queue, 3)
    evt, x = tf.decode_csv(lines, record_defaults=[[0], [0.]])
    return evt, x * 10.0
