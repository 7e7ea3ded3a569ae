"""A module-level coordinator that only the feeding class's loop uses."""
import threading

import tensorflow.compat.v1 as tf

COORD = tf.train.Coordinator()


class Source(object):
    def __init__(self, words):
        self.words = words
        self.word = tf.placeholder(tf.string, shape=[])
        self.length = tf.placeholder(tf.int32, shape=[])
        self.queue = tf.FIFOQueue(4, [tf.string, tf.int32], shapes=[[], []])
        self.push = self.queue.enqueue([self.word, self.length])

    def run(self, sess):
        for w in self.words:
            if COORD.should_stop():
                break
            sess.run(self.push, feed_dict={self.word: w, self.length: len(w)})
        sess.run(self.queue.close())

    def start(self, sess):
        worker = threading.Thread(target=self.run, args=(sess,))
        worker.daemon = True
        worker.start()
        return [worker]

    def next_batch(self, k):
        return self.queue.dequeue_up_to(k)


def main(data_dir):
    source = Source(['a', 'bb', 'ccc', 'dd', 'e', 'ffff', 'gg'])
    words, lengths = source.next_batch(3)
    out, end = [], None
    with tf.Session() as sess:
        source.start(sess)
        try:
            while True:
                w, n = sess.run([words, lengths])
                out.append([[x.decode() for x in w], n.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
    return {'batches': out, 'end': end}
