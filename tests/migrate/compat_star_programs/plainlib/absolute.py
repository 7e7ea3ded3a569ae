from tensorflow.compat import v1 as tf
from plainlib.consts import *
from starlib.layers import *  # (absolute this time)


def read_line(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    return leaky(tf.strings.to_number(line))
