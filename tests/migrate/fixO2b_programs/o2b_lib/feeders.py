"""A feeder class whose thread is made in ``__init__`` (its ops local names there, handed by ``args=`` to a module
function) and started by ``start()``; the program joins ``feeder.thread``."""
from threading import Thread

import tensorflow.compat.v1 as tf


def _pump(sess, coord, rows, enqueue_op, close_op, x_ph, y_ph):
    try:
        for r in rows:
            sess.run(enqueue_op, feed_dict={x_ph: [r] * (1 + r % 3), y_ph: r * 10})
        sess.run(close_op)
    except Exception as e:
        coord.request_stop(e)


class RowFeeder(object):
    def __init__(self, sess, coord, rows, batch):
        self.x_ph = tf.placeholder(tf.int64, [None])
        self.y_ph = tf.placeholder(tf.int64, [])
        self.queue = tf.PaddingFIFOQueue(5, [tf.int64, tf.int64], shapes=[[None], []])
        enqueue_op = self.queue.enqueue([self.x_ph, self.y_ph])
        close_op = self.queue.close()
        self.x, self.y = self.queue.dequeue_up_to(batch)
        self.thread = Thread(target=_pump, daemon=True,
                             args=(sess, coord, rows, enqueue_op, close_op, self.x_ph, self.y_ph))

    def start(self):
        self.thread.start()
