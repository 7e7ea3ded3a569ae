import glob
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from grid40_lib.input_proto import Input_proto


class MeterInput(Input_proto):
    """Half-hourly smart-meter readings, one CSV per feeder, pushed through placeholders by reader threads."""

    def __init__(self, data_dir):
        super(MeterInput, self).__init__()
        self.files = sorted(glob.glob(os.path.join(data_dir, 'feeder_*.csv')))
        self.lock = threading.Lock()

    def get_data(self):
        self.meter_id = tf.placeholder(tf.string, shape=[], name='meter_id')
        self.readings = tf.placeholder(tf.float32, shape=[self.example_size], name='readings')
        self.band = tf.placeholder(tf.int32, shape=[], name='band')
        return {'meter_id': self.meter_id, 'readings': self.readings,
                'band_onehot': tf.one_hot(self.band, self.num_class)}

    def read_thread(self):
        while not self.coord.should_stop():
            with self.lock:
                if not self.files:
                    return
                path = self.files.pop(0)
            for line in open(path):
                meter, kwh, volts, band = line.strip().split(',')
                self.sess.run(self.enqueue_op, feed_dict={
                    self.meter_id: meter,
                    self.readings: np.array([float(kwh), float(volts)], np.float32),
                    self.band: int(band)})
