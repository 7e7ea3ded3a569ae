"""A model whose towers all batch the record its first tower reads (a towers loop over a list of devices)."""
import tensorflow.compat.v1 as tf

from ft_lib import decode


class TowerNet(object):
    def __init__(self, files, devices, batch_size=3, capacity=32):
        self.files = files
        self.batch_size = batch_size
        self.capacity = capacity
        self.outs = []
        for i, dev in enumerate(devices):
            with tf.device("/" + dev), tf.name_scope("tower_%d" % i):
                self._tower(i)

    def _tower(self, i):
        if i == 0:
            queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
            self.rec_id, self.rec_val = decode.parse_record(queue, scale=2.0)
        ids, vals = tf.train.batch([self.rec_id, self.rec_val], batch_size=self.batch_size, num_threads=1,
                                    capacity=self.capacity)
        self.outs.append((ids, vals))
