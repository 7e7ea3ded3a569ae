"""A feeder class whose starter keeps the program's session on the instance (`self._sess = sess`) and starts
one thread on `_feed(rows, coord)`, which runs the enqueue on `self._sess` (`from tensorflow.compat.v1 import
...` spelling)."""
import threading

import numpy as np
from tensorflow.compat.v1 import FIFOQueue, float32, int64, placeholder


class PairFeeder:
    def __init__(self, rows, batch_size=3):
        self.rows = rows
        self.batch_size = batch_size
        self.feat = placeholder(float32, [None, 2])
        self.label = placeholder(int64, [None])
        self.queue = FIFOQueue(6, [float32, int64], shapes=[[2], []])
        self.enqueue_op = self.queue.enqueue_many([self.feat, self.label])
        self.close_op = self.queue.close()
        self._sess = None

    def _feed(self, rows, coord):
        for start in range(0, len(rows), 2):
            if coord.should_stop():
                return
            part = rows[start:start + 2]
            self._sess.run(self.enqueue_op, feed_dict={
                self.feat: np.array([[a, b] for a, b, _ in part], dtype=np.float32),
                self.label: [c for _, _, c in part]})
        self._sess.run(self.close_op)

    def start_threads(self, sess, coord):
        self._sess = sess
        thread = threading.Thread(target=self._feed, args=(self.rows, coord))
        thread.daemon = True
        thread.start()
        return [thread]

    def batch(self):
        return self.queue.dequeue_many(self.batch_size)
