import numpy as np
import tensorflow.compat.v1 as tf

from fj3_lib import batching
from fj3_lib import entries


def _window(path, start, width):
    values = np.load(path.decode())
    return np.float32(values[start:start + width])


def load(entry_path, width, shuffle, size):
    res, _ = entries.parse_rows(entry_path, [str, int, int])
    tf_inputs = tf.train.slice_input_producer(res, shuffle=shuffle, num_epochs=1)
    content = tf.py_func(_window, [tf_inputs[0], tf_inputs[1], width], tf.float32)
    content = tf.reshape(content, [width])
    label = tf_inputs[2]
    return batching.make_batch([content, label], size, shuffle)
