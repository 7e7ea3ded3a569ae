"""The indico-style runner with one feeder of numpy chunks (``enqueue_many``) into a RandomShuffleQueue, the
closer a nested function handed the session by ``args=``, the threads daemons set by ``setDaemon``."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class ChunkRunner(object):
    def __init__(self, table):
        self.table = table
        self.x = tf.placeholder(tf.float32, [None, 3])
        self.y = tf.placeholder(tf.int32, [None])
        self.queue = tf.RandomShuffleQueue(40, 4, [tf.float32, tf.int32], shapes=[[3], []], seed=11)
        self.enqueue_op = self.queue.enqueue_many([self.x, self.y])
        self.close_op = self.queue.close()

    def get_inputs(self, n):
        x, y = self.queue.dequeue_many(n)
        return x, y

    def chunks(self, size):
        for start in range(0, len(self.table), size):
            part = self.table[start:start + size]
            yield part[:, :3], part[:, 3].astype(np.int32)

    def thread_main(self, sess, size):
        for x, y in self.chunks(size):
            sess.run(self.enqueue_op, feed_dict={self.x: x, self.y: y})

    def start_threads(self, sess, n_threads=1):
        """Starts the feeder and the thread that closes the queue after it."""
        threads = []
        for _ in range(n_threads):
            t = threading.Thread(target=self.thread_main, args=(sess, 6))
            t.setDaemon(True)
            t.start()
            threads.append(t)

        def closer(session):
            for t in threads:
                t.join()
            session.run(self.close_op)

        c = threading.Thread(target=closer, args=(sess,))
        c.setDaemon(True)
        c.start()
        return threads + [c]


def main(data_dir):
    table = np.arange(84, dtype=np.float32).reshape(21, 4)
    table[:, 3] = np.arange(21) % 3  # (21 rows: batches of 3 leave none behind, whatever the shuffle)
    runner = ChunkRunner(table)
    x, y = runner.get_inputs(3)
    score = tf.reduce_sum(x, axis=1)
    batches = []
    sess = tf.Session()
    threads = runner.start_threads(sess)
    end = None
    try:
        while True:
            bx, by, bs = sess.run([x, y, score])
            batches.append([bx.tolist(), by.tolist(), bs.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": end}
