"""A dict filled in a loop over a names list (OrderedDict, another import style), the queue's dtypes and
shapes by comprehensions over ``.values()``, the enqueue ``list(d.values())``, fed by a dict comprehension over
the batch a package module yields; the names list sets the order, not the batch's keys."""
import threading
from collections import OrderedDict

from tensorflow.compat import v1 as tf

from r31s_lib import windows

NAMES = ['target', 'volume']


def main(data_dir):
    path = windows.write_prices(data_dir, 'loop')
    phs = OrderedDict()
    for name in NAMES:
        phs[name] = tf.placeholder(tf.float32, [None], name=name)
    queue = tf.FIFOQueue(16, [p.dtype for p in phs.values()], shapes=[p.shape.as_list()[1:] for p in phs.values()])
    enqueue_op = queue.enqueue_many(list(phs.values()))
    close_op = queue.close()
    target, volume = queue.dequeue_up_to(4)

    def load(sess, coord):
        for batch in windows.batches(path):
            if coord.should_stop():
                return
            sess.run(enqueue_op, feed_dict={phs[k]: batch[k] for k in NAMES})
        sess.run(close_op)

    out = []
    coord = tf.train.Coordinator()
    with tf.Session() as sess:
        thread = threading.Thread(target=load, args=(sess, coord))
        thread.start()
        try:
            while True:
                t, v = sess.run([target, volume])
                out.append({'target': t.tolist(), 'volume': v.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join([thread])
    return {'batches': out, 'end': end}
