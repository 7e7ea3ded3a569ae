"""A sampler class: a dict of placeholders enqueued whole into a PaddingFIFOQueue with names=, fed by
self.placeholders[name] keys, read by dequeue_up_to in another method (the NiftyNet window queue, its maker inline)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Sampler(object):
    def __init__(self, rows, capacity=6):
        self.rows = rows
        self.placeholders = {'image': tf.placeholder(tf.float32, [None, 2], name='image'),
                             'location': tf.placeholder(tf.int32, [None, 3], name='location')}
        self.queue = tf.PaddingFIFOQueue(capacity, dtypes=[tf.float32, tf.int32], shapes=[[2], [3]],
                                         names=['image', 'location'])
        self.enqueue_op = self.queue.enqueue_many(self.placeholders)
        self.close_op = self.queue.close(cancel_pending_enqueues=False)

    def pop_batch_op(self, n):
        return self.queue.dequeue_up_to(n)

    def push(self, sess):
        for k in range(len(self.rows)):
            feed = {self.placeholders['image']: self.rows[k][0], self.placeholders['location']: self.rows[k][1]}
            sess.run(self.enqueue_op, feed_dict=feed)
        sess.run(self.close_op)

    def run_threads(self, sess):
        t = threading.Thread(target=self.push, args=(sess,))
        t.daemon = True
        t.start()
        return [t]


def main(data_dir):
    rows = [(np.arange(4, dtype=np.float32).reshape(2, 2) + 10 * i, np.full((2, 3), i, np.int32)) for i in range(4)]
    s = Sampler(rows)
    batch = s.pop_batch_op(3)
    batches, end = [], None
    with tf.Session() as sess:
        threads = s.run_threads(sess)
        try:
            while True:
                b = sess.run(batch)
                batches.append({k: v.tolist() for k, v in b.items()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        for t in threads:
            t.join()
    return {'batches': batches, 'end': end}
