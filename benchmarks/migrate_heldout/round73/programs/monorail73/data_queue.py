import tensorflow.compat.v1 as tf
import threading


class DataQueue:
    def __repr__(self):
        return "DataQueue"

    def __init__(self, get_data, capacity=50, scope=None, dtype=tf.float32):
        self._get_data = get_data
        self._is_running = False
        self._scope = scope

        with tf.variable_scope(self.scope):
            dtypes = [dtype, dtype, tf.int32]
            shapes = [[None, 2], [None, ], [None, ]]
            # define placeholders
            self._P = tf.placeholder(dtypes[0], shape=shapes[0], name='P')
            self._D = tf.placeholder(dtypes[1], shape=shapes[1], name='D')
            self._K = tf.placeholder(dtypes[2], shape=shapes[2], name='K')
            self._queue = tf.FIFOQueue(capacity=capacity, dtypes=dtypes,
                                       shapes=[s[1:] for s in shapes])
            self._enqueue_op = self._queue.enqueue_many([self._P, self._D, self._K])
            self._close_op = self._queue.close()

    @property
    def scope(self):
        return self._scope or 'data_queue'

    def dequeue_many(self, n):
        return self._queue.dequeue_many(n)

    def _run(self, sess, coord):
        try:
            for P, D, K in self._get_data():
                if coord.should_stop():
                    break
                sess.run(self._enqueue_op, feed_dict={self._P: P, self._D: D, self._K: K})
            sess.run(self._close_op)
        except Exception as e:
            coord.request_stop(e)

    def start(self, sess, coord):
        self._is_running = True
        t = threading.Thread(target=self._run, args=(sess, coord))
        t.daemon = True
        t.start()
        return t
