import threading

import tensorflow.compat.v1 as tf


class ActorQueue:
    """Several actor threads (one per rollout file), the batch made in `__init__`."""

    def __init__(self, files, batch_size):
        self.files = files
        self.obs = tf.placeholder(tf.int64, [2])
        self.act = tf.placeholder(tf.int64, [])
        self.queue = tf.FIFOQueue(16, [tf.int64, tf.int64], shapes=[[2], []])
        self.enqueue_ops = self.queue.enqueue([self.obs, self.act])
        self.close = self.queue.close()
        self.sample = self.queue.dequeue_many(batch_size)

    def actor(self, sess, path):
        with open(path) as f:
            for line in f:
                a, b, c = [int(v) for v in line.split(",")]
                sess.run(self.enqueue_ops, feed_dict={self.obs: [a, b], self.act: c})

    def _close_when_done(self, sess, feeders):
        for thread in feeders:
            thread.join()
        sess.run(self.close)

    def start_actors(self, sess):
        feeders = []
        for path in self.files:
            thread = threading.Thread(target=self.actor, args=(sess, path))
            thread.daemon = True
            thread.start()
            feeders.append(thread)
        closer = threading.Thread(target=self._close_when_done, args=(sess, feeders))
        closer.start()
        return feeders + [closer]
