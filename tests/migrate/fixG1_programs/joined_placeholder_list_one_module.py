# One module: an image placeholder and a list of label placeholders made by a comprehension, enqueued as
# ``[self.image] + self.labels``; the feed dict filled by a range loop; a summary of the queue's size.
import threading

import numpy as np
import tensorflow as tf


class LabelRunner(object):
    def __init__(self, data, n_labels=3):
        self.data = data
        self.image = tf.compat.v1.placeholder(tf.float32, shape=[2])
        self.labels = [tf.compat.v1.placeholder(tf.float32, shape=[]) for _ in range(3)]
        self.queue = tf.compat.v1.FIFOQueue(32, [tf.float32] * 4, shapes=[[2]] + [[]] * 3)
        tf.compat.v1.summary.scalar("queue_size", self.queue.size())
        self.enqueue_op = self.queue.enqueue(list([self.image] + self.labels))

    def get_inputs(self, n):
        batch = self.queue.dequeue_many(n)
        return batch[0], batch[1:]

    def thread_func(self, sess):
        for image, labels in self.data:
            feed = {self.image: image}
            for k in range(3):
                feed[self.labels[k]] = labels[k]
            sess.run(self.enqueue_op, feed_dict=feed)

    def start_threads(self, sess, n_threads=1):
        threads = []
        for _ in range(n_threads):
            t = threading.Thread(target=self.thread_func, args=(sess,))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads


def main(data_dir):
    data = [(np.array([i, i + 0.5], np.float32), [float(i), float(i * i), -1.0]) for i in range(8)]
    runner = LabelRunner(data)
    images, labels = runner.get_inputs(2)
    sess = tf.compat.v1.Session()
    threads = runner.start_threads(sess)
    batches = []
    for _ in range(4):
        im, lab = sess.run([images, labels])
        batches.append([im.tolist()] + [l.tolist() for l in lab])
    for t in threads:
        t.join()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
