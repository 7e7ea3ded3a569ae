"""A dict literal of three placeholders handed to a module-level feeding function by the thread's args=; the
queue's dtypes, shapes and the enqueue by comprehensions over ``.items()``; fed by ``{d[k]: v for k, v in
batch.items()}`` over the package's batches (keyed in another order than the dict)."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from r31s_lib import windows


def enqueue_func(sess, enqueue_op, close_op, placeholders, path):
    for data in windows.batches(path, chunk=5):
        feed_dict = {placeholders[k]: v for k, v in data.items()}
        sess.run(enqueue_op, feed_dict=feed_dict)
    sess.run(close_op)


def main(data_dir):
    path = windows.write_prices(data_dir, 'items')
    placeholders = {'volume': tf.placeholder(tf.float32, [None], name='volume'),
                    'window': tf.placeholder(tf.float32, [None, 4], name='window'),
                    'target': tf.placeholder(tf.float32, shape=[None], name='target')}
    queue = tf.FIFOQueue(20, dtypes=[ph.dtype for _, ph in placeholders.items()],
                         shapes=[ph.get_shape()[1:] for _, ph in placeholders.items()])
    enqueue_op = queue.enqueue_many([ph for _, ph in placeholders.items()])
    close_op = queue.close()
    volume, window, target = queue.dequeue_many(4)
    w = tf.constant(np.full([4, 1], 0.25, np.float32))
    loss = tf.reduce_mean(tf.square(tf.squeeze(tf.matmul(window, w), 1) - target))

    batches = []
    with tf.Session() as sess:
        thread = threading.Thread(target=enqueue_func, args=[sess, enqueue_op, close_op, placeholders, path])
        thread.daemon = True
        thread.start()
        try:
            while True:
                v, wi, l = sess.run([volume, window, loss])
                batches.append({'volume': v.tolist(), 'window': wi.tolist(), 'loss': round(float(l), 3)})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        thread.join()
    return {'batches': batches, 'end': end}
