"""A module-level countdown (a list and a lock) kept by a class's feeding method; the starter method sets it
right before its loop; the flag is read after the lock's block; `from tensorflow.compat import v1 as tf`."""
import os
import threading

import numpy as np
from tensorflow.compat import v1 as tf

_LOCK = threading.Lock()
_ALIVE = [0]


class ShardReader(object):
    def __init__(self, shards):
        self.shards = shards
        self.ph = tf.placeholder(tf.float32, [3])
        self.queue = tf.FIFOQueue(2, [tf.float32], shapes=[[3]])
        self.enqueue = self.queue.enqueue([self.ph])
        self.close_op = self.queue.close()

    def thread_main(self, sess, shard):
        try:
            for row in np.load(shard):
                sess.run(self.enqueue, feed_dict={self.ph: row})
        finally:
            with _LOCK:
                _ALIVE[0] -= 1
                done = _ALIVE[0] == 0
            if done:
                sess.run(self.close_op)

    def start_threads(self, sess):
        threads = []
        _ALIVE[0] = len(self.shards)
        for k in range(len(self.shards)):
            t = threading.Thread(target=self.thread_main, args=(sess, self.shards[k]))
            t.daemon = True
            t.start()
            threads.append(t)
        return threads


def main(data_dir):
    folder = os.path.join(data_dir, 'fixB2_module_countdown_method')
    os.makedirs(folder, exist_ok=True)
    shards = []
    for k in range(4):
        path = os.path.join(folder, 'shard%d.npy' % k)
        np.save(path, np.arange(9, dtype=np.float32).reshape(3, 3) + 10 * k)
        shards.append(path)
    reader = ShardReader(shards)
    rows = reader.queue.dequeue_many(4)
    sess = tf.Session()
    threads = reader.start_threads(sess)
    out = []
    try:
        while True:
            r = sess.run(rows)
            out.append([r.tolist(), r.max(axis=1).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    for t in threads:
        t.join()
    sess.close()
    return {'batches': out, 'end': 'rows: %d' % sum(len(b[0]) for b in out)}
