"""A class owns a FIFOQueue fed by its own thread through a placeholder; `start` makes the thread, `stop` closes
the queue with cancel_pending_enqueues=True on the way out; the program takes a fixed number of single
elements from a feeding loop that runs forever. `import tensorflow as tf`, TF1 calls via `tf.compat.v1`."""

import threading

import tensorflow as tf


class Feeder:
    def __init__(self, offset, capacity=8):
        self.offset = offset
        self.inp = tf.compat.v1.placeholder(tf.int32, shape=[3])
        self.queue = tf.compat.v1.FIFOQueue(capacity, [tf.int32], shapes=[[3]])
        self.enqueue_op = self.queue.enqueue([self.inp])

    def get(self):
        return self.queue.dequeue()

    def _loop(self, sess):
        step = 0
        while True:
            sess.run(self.enqueue_op, feed_dict={self.inp: [step, step + self.offset, step * 2]})
            step += 1

    def start(self, sess):
        t = threading.Thread(target=self._loop, args=(sess,))
        t.daemon = True
        t.start()
        return [t]

    def stop(self, sess):
        sess.run(self.queue.close(cancel_pending_enqueues=True))


def main(data_dir):
    feeder = Feeder(100)
    row = feeder.get()
    out = []
    sess = tf.compat.v1.Session()
    feeder.start(sess)
    for _ in range(9):
        out.append([[sess.run(row).tolist()]])
    feeder.stop(sess)
    sess.close()
    return {"batches": out, "end": None}
