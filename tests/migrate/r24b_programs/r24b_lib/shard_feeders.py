"""A feeding class kept in a package module: one-row enqueues from k threads over disjoint shards into a
FIFOQueue, and a closer nested in the starter that joins them, then closes the queue inline."""
import threading

from tensorflow.compat import v1 as tf


class ShardFeeder:
    def __init__(self, rows):
        self.rows = rows
        self.value = tf.placeholder(tf.int64, shape=[2])
        self.tag = tf.placeholder(tf.string, shape=[])
        self.queue = tf.FIFOQueue(16, [tf.int64, tf.string], shapes=[[2], []])
        self.enqueue = self.queue.enqueue([self.value, self.tag])

    def batches(self, n):
        return self.queue.dequeue_up_to(n)

    def feed(self, sess, shard, shards):
        for row in self.rows[shard::shards]:
            sess.run(self.enqueue, feed_dict={self.value: [row, row * row], self.tag: "s%d" % shard})

    def start(self, sess, shards=3):
        feeders = []
        for t in range(shards):
            t = threading.Thread(target=self.feed, args=(sess, t, shards))
            t.setDaemon(True)
            feeders.append(t)
            t.start()

        def wait_and_close():
            for t in feeders:
                t.join()
            sess.run(self.queue.close())

        closer = threading.Thread(target=wait_and_close, daemon=True)
        closer.start()
        return feeders + [closer]
