"""Two Python feeder threads (a class's `thread_main`) pushing numpy chunks through placeholders with `enqueue_many`
into a RandomShuffleQueue; a closer thread joins them and closes the queue; `dequeue_many` until OutOfRange."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 4
CHUNK = 4
DIM = 3


class CustomRunner(object):
    def __init__(self, shards):
        self.shards = shards
        self.dataX = tf.placeholder(dtype=tf.float32, shape=[None, DIM])
        self.dataY = tf.placeholder(dtype=tf.int64, shape=[None])
        self.queue = tf.RandomShuffleQueue(shapes=[[DIM], []], dtypes=[tf.float32, tf.int64], capacity=64,
                                           min_after_dequeue=4, seed=3)
        self.enqueue_op = self.queue.enqueue_many([self.dataX, self.dataY])
        self.close_op = self.queue.close()

    def get_inputs(self):
        return self.queue.dequeue_many(BATCH_SIZE)

    def thread_main(self, sess, shard):
        data = np.load(shard)
        X, Y = data["x"], data["y"]
        for start in range(0, len(Y), CHUNK):
            sess.run(self.enqueue_op, feed_dict={self.dataX: X[start:start + CHUNK],
                                                 self.dataY: Y[start:start + CHUNK]})

    def start_threads(self, sess):
        feeders = [threading.Thread(target=self.thread_main, args=(sess, s)) for s in self.shards]
        for t in feeders:
            t.daemon = True
            t.start()

        def closer():
            for t in feeders:
                t.join()
            sess.run(self.close_op)

        c = threading.Thread(target=closer)
        c.daemon = True
        c.start()
        return feeders + [c]


def write_shards(data_dir):
    root = os.path.join(data_dir, "h30_feeder_shards")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(310)
    shards = []
    for k in range(2):
        p = os.path.join(root, "shard%d.npz" % k)
        np.savez(p, x=np.round(rng.rand(12, DIM), 3).astype(np.float32), y=np.arange(12) + 100 * k)
        shards.append(p)
    return shards


def main(data_dir):
    runner = CustomRunner(write_shards(data_dir))
    x_batch, y_batch = runner.get_inputs()
    logits = tf.reduce_sum(x_batch, axis=1)
    sess = tf.Session()
    threads = runner.start_threads(sess)
    batches = []
    try:
        while True:
            x, y, _ = sess.run([x_batch, y_batch, logits])
            batches.append([np.round(x, 3).tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        end = "runner closed after %d batches" % len(batches)
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": end}
