import tensorflow.compat.v1 as tf
import threading

class DataQueue:
    def __repr__(self):
         return "DataQueue"
    def __init__(self, get_data, capacity=5000, scope=None, dtype=tf.float32):
        self._get_data = get_data
        self._is_running = False
        self._scope = scope
        self._threads = []
        self._lock = threading.Lock()
        self._running_threads = 0

        with tf.variable_scope(self.scope):
            dtypes = [ tf.int32, tf.int32, dtype,    dtype,    tf.int32 ]
            shapes = [ [],       [None, ], [None, ], [],       []       ]

            #define placeholders
            self._basket_id  = tf.placeholder(dtypes[0], shape=shapes[0], name="basket_id")
            self._items      = tf.placeholder(dtypes[1], shape=shapes[1], name="items")
            self._prices     = tf.placeholder(dtypes[2], shape=shapes[2], name="prices")
            self._total      = tf.placeholder(dtypes[3], shape=shapes[3], name="total")
            self._n_items    = tf.placeholder(dtypes[4], shape=shapes[4], name="n_items")
            self._placeholders = [self._basket_id, self._items, self._prices, self._total, self._n_items]

            #define queue
            self._queue = tf.PaddingFIFOQueue(capacity=capacity, dtypes=dtypes, shapes=shapes)
            self._enqueue_op = self._queue.enqueue(self._placeholders)
            self._close_op = self._queue.close()

    @property
    def scope(self):
        return self._scope or "data_queue"

    @property
    def is_running(self):
        return self._is_running

    def dequeue_many(self, n):
        return self._queue.dequeue_many(n)

    def _thread_main(self, sess):
        try:
            while True:
                data = self._get_data()
                if data is None:
                    break
                sess.run(self._enqueue_op, feed_dict=dict(zip(self._placeholders, data)))
        finally:
            with self._lock:
                self._running_threads -= 1
                last = self._running_threads == 0
            if last:
                self._is_running = False
                sess.run(self._close_op)

    def start_threads(self, sess, n_threads=2):
        self._is_running = True
        self._running_threads = n_threads
        for _ in range(n_threads):
            t = threading.Thread(target=self._thread_main, args=(sess,))
            t.daemon = True
            t.start()
            self._threads.append(t)
        return self._threads

    def join(self):
        for t in self._threads:
            t.join()
