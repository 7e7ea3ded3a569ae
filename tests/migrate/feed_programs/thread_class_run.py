"""A thread class (threading.Thread with run()) holding the session, the enqueue op and the placeholder."""
import threading

import tensorflow.compat.v1 as tf


class Feeder(threading.Thread):
    def __init__(self, sess, enqueue_op, close_op, value, count):
        threading.Thread.__init__(self)
        self.sess = sess
        self.enqueue_op = enqueue_op
        self.close_op = close_op
        self.value = value
        self.count = count

    def run(self):
        for i in range(self.count):
            self.sess.run(self.enqueue_op, feed_dict={self.value: [i, -i]})
        self.sess.run(self.close_op)


def main(data_dir):
    value = tf.placeholder(tf.int32, shape=[2])
    queue = tf.FIFOQueue(6, [tf.int32], shapes=[[2]])
    enqueue_op = queue.enqueue([value])
    close_op = queue.close()
    pairs = queue.dequeue_many(4)
    out, end = [], None
    with tf.Session() as sess:
        feeder = Feeder(sess, enqueue_op, close_op, value, 14)
        feeder.daemon = True
        feeder.start()
        try:
            while True:
                out.append([sess.run(pairs).tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        feeder.join()
    return {'batches': out, 'end': end}
