"""A feeder over a `data_flow_ops.FIFOQueue`: placeholders, one thread running the enqueue per window and
closing the queue in `finally`; `start(sess, generator, coord)` returns the one thread it made."""
import threading

from tensorflow.python.ops import data_flow_ops
import tensorflow as tf

tf1 = tf.compat.v1


class WindowFeeder(object):
    def __init__(self, window, n_features, horizon, capacity=8):
        self.start_ph = tf1.placeholder(tf.int32, [], name="start")
        self.x_ph = tf1.placeholder(tf.float32, [window, n_features], name="x")
        self.y_ph = tf1.placeholder(tf.float32, [horizon], name="y")
        self.queue = data_flow_ops.FIFOQueue(capacity, [tf.int32, tf.float32, tf.float32],
                                             shapes=[[], [window, n_features], [horizon]])
        self.enqueue_op = self.queue.enqueue([self.start_ph, self.x_ph, self.y_ph])
        self.close_op = self.queue.close()

    def dequeue(self, n):
        return self.queue.dequeue_up_to(n)

    def _run(self, sess, generator, coord):
        try:
            for start, x, y in generator:
                if coord.should_stop():
                    return
                sess.run(self.enqueue_op, feed_dict={self.start_ph: start, self.x_ph: x, self.y_ph: y})
        except Exception as e:  # pylint: disable=broad-except
            coord.request_stop(e)
        finally:
            sess.run(self.close_op)

    def start(self, sess, generator, coord):
        t = threading.Thread(target=self._run, args=(sess, generator, coord))
        t.daemon = True
        t.start()
        return t
