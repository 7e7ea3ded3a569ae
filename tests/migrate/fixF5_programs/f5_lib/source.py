"""A reader method whose batch is switched by a parameter defaulting to a module constant (no ``else``)."""
import tensorflow.compat.v1 as tf

BATCHED = False


class RowSource(object):
    def __init__(self, size):
        self.size = size

    def records(self, queue, batched=BATCHED):
        reader = tf.TextLineReader()
        _, line = reader.read(queue)
        idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
        weight = weight * 2.0
        if batched:
            size = self.size
            idx, weight = tf.train.batch([idx, weight], batch_size=size)
        return idx, weight

    def inputs(self, files):
        queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
        return self.records(queue)
