"""A dict literal of placeholders; the queue's dtypes and shapes read from them by comprehensions over
``.items()``, the enqueue over ``.values()``, fed by a literal dict keyed by the dict's entries."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def main(data_dir):
    rows = np.arange(48, dtype=np.float32).reshape(12, 4)
    labels = np.arange(12, dtype=np.int64) % 3
    placeholders = {
        'window': tf.placeholder(tf.float32, [None, 4], name='window'),
        'label': tf.placeholder(tf.int64, [None], name='label'),
    }
    queue = tf.FIFOQueue(20, dtypes=[ph.dtype for _, ph in placeholders.items()],
                         shapes=[ph.get_shape()[1:] for _, ph in placeholders.items()])
    enqueue_op = queue.enqueue_many([ph for ph in placeholders.values()])
    close_op = queue.close()
    window, label = queue.dequeue_many(4)

    def feed(sess):
        for start in range(0, 12, 3):
            sess.run(enqueue_op, feed_dict={placeholders['window']: rows[start:start + 3],
                                            placeholders['label']: labels[start:start + 3]})
        sess.run(close_op)

    out, end = [], None
    with tf.Session() as sess:
        thread = threading.Thread(target=feed, args=(sess,))
        thread.daemon = True
        thread.start()
        try:
            while True:
                w, l = sess.run([window, label])
                out.append({'window': w.tolist(), 'label': l.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': out, 'end': end}
