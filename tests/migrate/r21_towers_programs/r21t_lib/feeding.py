"""Another feeder class: the coordinator handed as a keyword, kept as `self.coord`, a log written by hand."""

import sys
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class GroupFeeder(threading.Thread):
    def __init__(self, rows, coord, scale=1.0):
        super(GroupFeeder, self).__init__()
        self.daemon = True
        self.coord = coord
        self.rows = rows
        self.scale = scale
        self.sample = tf.placeholder(tf.float32, [None], 'sample')
        self.label = tf.placeholder(tf.int64, [None], 'label')
        queue = tf.FIFOQueue(2, [tf.float32, tf.int64], name='groups')
        self.enqueue = queue.enqueue([self.sample, self.label])
        self.samples, self.labels = queue.dequeue()

    def start_in_session(self, session):
        self.session = session
        self.start()

    def run(self):
        try:
            while not self.coord.should_stop():
                for k in range(1, 4):
                    group = [r for r in self.rows if r % k == 0]
                    self.session.run(self.enqueue, feed_dict={
                        self.sample: np.array(group, np.float32) * self.scale,
                        self.label: np.array([k] * len(group), np.int64)})
        except Exception as err:
            if not self.coord.should_stop():
                sys.stderr.write("feeder stopped: %s\n" % err)
            self.coord.request_stop(err)
