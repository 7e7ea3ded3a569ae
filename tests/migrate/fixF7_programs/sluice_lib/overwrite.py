"""A provider whose guard on the key it stores takes an item out instead of raising."""
import tensorflow.compat.v1 as tf

from sluice_lib import decoding


class Overwriting(object):

    def __init__(self, files, epochs=None, origin="origin"):
        file_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=epochs)
        where, record = tf.TFRecordReader().read(file_queue)
        held = dict(decoding.decode(record))
        if origin in held:
            held.pop(origin)
        held[origin] = where
        self._held = held

    def get(self, names):
        return [self._held[name] for name in names]
