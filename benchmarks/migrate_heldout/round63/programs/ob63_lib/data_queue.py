import tensorflow.compat.v1 as tf
import threading


class DataQueue:
    def __repr__(self):
        return "DataQueue"

    def __init__(self, get_data, capacity=500, scope=None, dtype=tf.float32, num_threads=2):
        self._get_data = get_data
        self._is_running = False
        self._scope = scope
        self._num_threads = num_threads

        with tf.variable_scope(self.scope):
            dtypes = [dtype, dtype, dtype, tf.int32]
            shapes = [[3], [3], [], []]
            # define placeholders
            self._bids = tf.placeholder(dtypes[0], shapes[0], name='bids')
            self._asks = tf.placeholder(dtypes[1], shapes[1], name='asks')
            self._mid = tf.placeholder(dtypes[2], shapes[2], name='mid')
            self._seq = tf.placeholder(dtypes[3], shapes[3], name='seq')
            self._placeholders = [self._bids, self._asks, self._mid, self._seq]
            self._queue = tf.FIFOQueue(capacity, dtypes, shapes=shapes)
            self._enqueue = self._queue.enqueue(self._placeholders)
            self._close = self._queue.close()

    @property
    def scope(self):
        return self._scope or 'data_queue'

    def dequeue_many(self, n):
        return self._queue.dequeue_many(n)

    def _worker(self, sess, thread_id):
        for item in self._get_data(thread_id, self._num_threads):
            sess.run(self._enqueue, feed_dict=dict(zip(self._placeholders, item)))

    def _closer(self, sess, workers):
        for w in workers:
            w.join()
        sess.run(self._close)
        self._is_running = False

    def start_threads(self, sess):
        workers = [threading.Thread(target=self._worker, args=(sess, i)) for i in range(self._num_threads)]
        for w in workers:
            w.daemon = True
            w.start()
        closer = threading.Thread(target=self._closer, args=(sess, workers))
        closer.daemon = True
        closer.start()
        self._is_running = True
        return workers + [closer]
