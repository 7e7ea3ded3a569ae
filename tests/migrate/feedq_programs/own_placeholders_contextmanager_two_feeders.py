"""Two feeding threads of one class made here, each with its own placeholders and queue; their ``run`` enters
the default session through a context manager and feeds positionally (``op.run({...})``)."""
import threading
from contextlib import contextmanager

import tensorflow as tf


class Feeder(threading.Thread):
    def __init__(self, start, count):
        super(Feeder, self).__init__()
        self.daemon = True
        self.start_at, self.count = start, count
        self.word = tf.compat.v1.placeholder(tf.string, [])
        self.score = tf.compat.v1.placeholder(tf.int32, [])
        self.queue = tf.queue.FIFOQueue(4, [tf.string, tf.int32], shapes=[[], []])
        self.op = self.queue.enqueue([self.word, self.score])
        self.stop_op = self.queue.close(cancel_pending_enqueues=True)
        self.close_op = self.queue.close()
        self._sess = None

    def set_session(self, sess):
        self._sess = sess

    @contextmanager
    def default_sess(self):
        with self._sess.as_default():
            yield

    def run(self):
        with self.default_sess():
            for k in range(self.start_at, self.start_at + self.count):
                self.op.run({self.word: ("w%d" % k).encode(), self.score: k * k})
            self.close_op.run()

    def dequeue(self):
        return self.queue.dequeue()


def main(data_dir):
    first, second = Feeder(0, 5), Feeder(10, 5)
    a_word, a_score = first.dequeue()
    b_word, b_score = second.dequeue()
    total = a_score + b_score
    sess = tf.compat.v1.Session()
    for f in (first, second):
        f.set_session(sess)
        f.start()
    batches = []
    try:
        while True:
            aw, bw, t = sess.run([a_word, b_word, total])
            batches.append([[aw.decode()], [bw.decode()], [int(t)]])
    except tf.errors.OutOfRangeError:
        pass
    first.join()
    second.join()
    sess.close()
    return {"batches": batches, "end": "pairs: %d" % len(batches)}
