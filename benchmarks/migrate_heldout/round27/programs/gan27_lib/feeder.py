"""Loader threads feeding a data_flow_ops.RandomShuffleQueue through placeholders; a closer after they finish."""
import os
import threading

import numpy as np
from tensorflow.compat import v1 as tf
from tensorflow.python.ops import data_flow_ops


class ShuffleFeeder(object):
    def __init__(self, capacity=16, min_after_dequeue=2):
        self.image = tf.placeholder(tf.float32, [2, 2, 1], name="image_in")
        self.index = tf.placeholder(tf.int32, [], name="index_in")
        self.queue = data_flow_ops.RandomShuffleQueue(capacity, min_after_dequeue, [tf.float32, tf.int32],
                                                      shapes=[[2, 2, 1], []], seed=5, name="gan_images")
        self.enqueue = self.queue.enqueue([self.image, self.index])
        self.close = self.queue.close()

    def _load(self, sess, files):
        for path in files:
            idx = int(os.path.basename(path).split("_")[1].split(".")[0])
            sess.run(self.enqueue, {self.image: np.load(path) * 2.0 - 1.0, self.index: idx})

    def start(self, sess, shards):
        workers = [threading.Thread(target=self._load, args=(sess, s)) for s in shards]
        for w in workers:
            w.daemon = True
            w.start()

        def close_after():
            for w in workers:
                w.join()
            sess.run(self.close)

        closer = threading.Thread(target=close_after)
        closer.daemon = True
        closer.start()
        return workers + [closer]
