"""A feeding class whose `start_threads(sess)` returns its one thread; the caller reads `t.is_alive()` and
`t.name`, leaving them unused, then joins it. 8 rows, one `enqueue` each, the queue's `dequeue()` batched by
`train.batch` (tf.compat.v1 spelled out); the feeder closes the queue after its rows."""
import os
import threading

import tensorflow as tf


class RowFeeder(object):
    def __init__(self, path):
        self.path = path
        self.x = tf.compat.v1.placeholder(tf.string, shape=[])
        self.n = tf.compat.v1.placeholder(tf.int32, shape=[])
        self.queue = tf.compat.v1.FIFOQueue(4, [tf.string, tf.int32], shapes=[[], []])
        self.enqueue_op = self.queue.enqueue([self.x, self.n])
        self.close_op = self.queue.close()

    def thread_main(self, sess):
        with open(self.path) as f:
            for line in f:
                word = line.strip()
                sess.run(self.enqueue_op, feed_dict={self.x: word, self.n: len(word)})
        sess.run(self.close_op)

    def start_threads(self, sess):
        t = threading.Thread(target=self.thread_main, args=(sess,))
        t.daemon = True
        t.start()
        return t


def main(data_dir):
    folder = os.path.join(data_dir, "r44t_returned")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "words.txt")
    with open(path, "w") as f:
        for w in ["ash", "basalt", "tuff", "pumice", "scoria", "obsidian", "lapilli", "tephra"]:
            f.write(w + "\n")
    feeder = RowFeeder(path)
    word, n = feeder.queue.dequeue()
    words, lengths = tf.compat.v1.train.batch([word, n], batch_size=2, capacity=6)
    out = []
    with tf.compat.v1.Session() as sess:
        t = feeder.start_threads(sess)
        t.is_alive()
        t.name
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(4):
            w, k = sess.run([words, lengths])
            out.append([[x.decode() for x in w], k.tolist()])
        coord.request_stop()
        coord.join(threads)
        t.join()
    return {"batches": out, "end": "words: %d" % sum(len(b[0]) for b in out)}
