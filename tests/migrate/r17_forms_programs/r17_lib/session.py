"""A session context of another module: it starts the graph's runners and keeps them on the object."""

import tensorflow.compat.v1 as tf


class QueueContext(object):
    def __enter__(self):
        self.sess = tf.Session()
        self.sess.run(tf.local_variables_initializer())
        self.coord = tf.train.Coordinator()
        self.runners = tf.train.start_queue_runners(sess=self.sess, coord=self.coord)
        return self.sess

    def __exit__(self, exc_type, exc, tb):
        self.coord.request_stop()
        self.coord.join(self.runners)
        self.sess.close()
        return exc_type is not None and issubclass(exc_type, tf.errors.OutOfRangeError)
