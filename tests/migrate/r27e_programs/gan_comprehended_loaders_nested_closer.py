"""Loader threads (a comprehension) feeding a RandomShuffleQueue; a nested closer joining them."""
import os
import threading

import numpy as np
from tensorflow.compat import v1 as tf
from tensorflow.python.ops import data_flow_ops


def write_folder(root, n=12):
    os.makedirs(root, exist_ok=True)
    for i in range(n):
        np.save(os.path.join(root, "sample_%03d.npy" % i), np.full((2, 2, 1), i, np.float32))


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


def main(data_dir):
    root = os.path.join(data_dir, "gan_comprehended")
    write_folder(root)
    files = sorted(os.path.join(root, f) for f in os.listdir(root))
    shards = [files[i::3] for i in range(3)]
    feeder = ShuffleFeeder()
    real, idx = feeder.queue.dequeue_many(4)
    d_in = tf.reduce_mean(real, axis=[1, 2, 3])
    batches = []
    sess = tf.Session()
    threads = feeder.start(sess, shards)
    while True:
        try:
            r, i = sess.run([d_in, idx])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(r, 3).tolist(), i.tolist()])
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "queue closed"}
