"""Parts of a data set held in variables (the reading-data how-to's "preloaded data"), kept in a list attribute."""
import numpy as np
import tensorflow.compat.v1 as tf


class HeldParts(object):
    def __init__(self, n):
        self.values = [np.arange(n * 2, dtype=np.float32).reshape(n, 2), np.arange(n, dtype=np.int64) * 10]
        self.fed = []
        self.held = []

    def tensors(self, batch_size):
        for value in self.values:
            self.fed.append(tf.placeholder(value.dtype, value.shape))
            self.held.append(tf.Variable(self.fed[-1], trainable=False, collections=[]))
        x, y = tf.train.slice_input_producer([self.held[0], self.held[1]], num_epochs=1, shuffle=False)
        return tf.train.batch([x * 2.0, y], batch_size=batch_size)

    def fill(self, sess):
        for var, fed, value in zip(self.held, self.fed, self.values):
            sess.run(var.initializer, feed_dict={fed: value})
