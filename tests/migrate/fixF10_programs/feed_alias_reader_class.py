"""Word ids fed by the feeding method of a reader class; its placeholders are made in `__init__` through a
module-level name for the placeholder function, its queue read by `dequeue_many` through a method."""
import threading

import tensorflow.compat.v1 as tf

slot = tf.placeholder


class WordReader(object):
    def __init__(self, count):
        self.count = count
        self.ids_in = slot(tf.int32, [2])
        self.weight_in = slot(dtype=tf.float32, shape=[])
        self.queue = tf.FIFOQueue(16, [tf.int32, tf.float32], shapes=[[2], []])
        self.enqueue = self.queue.enqueue([self.ids_in, self.weight_in])

    def thread_main(self, sess):
        for i in range(self.count):
            sess.run(self.enqueue, feed_dict={self.ids_in: [i, i + 1], self.weight_in: 0.25 * i})
        sess.run(self.queue.close())

    def start_threads(self, sess):
        thread = threading.Thread(target=self.thread_main, args=(sess,))
        thread.daemon = True
        thread.start()
        return [thread]

    def dequeue(self, n):
        return self.queue.dequeue_many(n)


def main(data_dir):
    reader = WordReader(8)
    ids, weights = reader.dequeue(3)

    batches = []
    sess = tf.Session()
    threads = reader.start_threads(sess)
    try:
        while True:
            a, w = sess.run([ids, weights])
            batches.append([a.tolist(), w.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    for t in threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": end}
