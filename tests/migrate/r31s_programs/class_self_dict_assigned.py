"""A class holding its placeholders on ``self`` in a dict filled by assignments (names imported from
tensorflow.compat.v1), the queue's dtypes/shapes by comprehensions over ``.items()``, the enqueue over
``.values()``, fed by a dict comprehension over a batch from the package (the keys in another order)."""
import threading
from collections import OrderedDict

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import FIFOQueue, placeholder

from r31s_lib import windows


class WindowFeeder(object):
    def __init__(self, path, chunk):
        self.path, self.chunk = path, chunk
        self.phs = OrderedDict()
        self.phs['window'] = placeholder(tf.float32, [None, 4], name='window')
        self.phs['target'] = placeholder(tf.float32, [None], name='target')
        self.queue = FIFOQueue(12, dtypes=[p.dtype for _, p in self.phs.items()],
                               shapes=[p.get_shape().as_list()[1:] for _, p in self.phs.items()])
        self.enqueue_op = self.queue.enqueue_many([p for p in self.phs.values()])
        self.close_op = self.queue.close()

    def batch(self, size):
        return self.queue.dequeue_many(size)

    def feed(self, sess):
        for data in windows.batches(self.path, chunk=self.chunk):
            sess.run(self.enqueue_op, feed_dict={self.phs[k]: data[k] for k in ('target', 'window')})
        sess.run(self.close_op)

    def start(self, sess):
        thread = threading.Thread(target=self.feed, args=(sess,))
        thread.daemon = True
        thread.start()
        return thread


def main(data_dir):
    feeder = WindowFeeder(windows.write_prices(data_dir, 'class_a'), 3)
    window, target = feeder.batch(3)
    out = []
    with tf.Session() as sess:
        thread = feeder.start(sess)
        try:
            while True:
                w, t = sess.run([window, target])
                out.append({'w': w.tolist(), 't': t.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': out, 'end': end}
