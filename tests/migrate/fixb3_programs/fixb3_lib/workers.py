"""A batcher class whose starter keeps its feeding threads on the instance (``self._workers.append(t)``) and
whose closer method joins that list, then closes the queue (several threads: the same multiset)."""
import threading

from tensorflow.compat import v1 as tf


class ShardBatcher(object):
    def __init__(self, shards, batch_size, n_workers=3):
        self._shards = shards
        self._n = n_workers
        self._row = tf.placeholder(tf.float32, [2], name="row")
        self._tag = tf.placeholder(tf.int32, [], name="tag")
        self._queue = tf.FIFOQueue(batch_size * 2, [tf.float32, tf.int32], shapes=[[2], []])
        self._enqueue = self._queue.enqueue([self._row, self._tag])
        self._close = self._queue.close()
        self.next_batch = self._queue.dequeue_up_to(batch_size)

    def _fill(self, sess, part):
        for row in part:
            sess.run(self._enqueue, feed_dict={self._row: row[:2], self._tag: int(row[2])})

    def start(self, sess):
        self._workers = []
        for k in range(self._n):
            worker = threading.Thread(target=self._fill, args=(sess, self._shards[k::self._n]))
            worker.daemon = True
            worker.start()
            self._workers.append(worker)
        closer = threading.Thread(target=self._close_all, args=(sess,))
        closer.daemon = True
        closer.start()

    def _close_all(self, sess):
        for worker in self._workers:
            worker.join()
        sess.run(self._close)
