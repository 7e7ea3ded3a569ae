"""A list of placeholders (TF2-style spelling of compat.v1), the queue's dtypes and shapes by comprehensions
over it, the enqueue the list's name, fed by ``dict(zip(phs, values))`` and, for the last chunk, by a literal
dict of ``phs[j]``; one element per enqueue."""
import threading

import numpy as np
import tensorflow as tf


def main(data_dir):
    images = np.arange(60, dtype=np.float32).reshape(10, 2, 3)
    labels = np.arange(10, dtype=np.int32) * 7 % 5
    phs = [tf.compat.v1.placeholder(tf.float32, [2, 3]), tf.compat.v1.placeholder(tf.int32, [])]
    queue = tf.compat.v1.FIFOQueue(4, [p.dtype for p in phs], shapes=[p.get_shape() for p in phs])
    enqueue_op = queue.enqueue(phs)
    close_op = queue.close()
    image, label = queue.dequeue_many(2)

    def feed(sess):
        for i in range(len(labels) - 1):
            sess.run(enqueue_op, feed_dict=dict(zip(phs, [images[i], labels[i]])))
        sess.run(enqueue_op, feed_dict={phs[1]: labels[-1], phs[0]: images[-1]})
        sess.run(close_op)

    out, end = [], None
    with tf.compat.v1.Session() as sess:
        t = threading.Thread(target=feed, args=(sess,))
        t.start()
        try:
            while True:
                a, b = sess.run([image, label])
                out.append({'image': a.tolist(), 'label': b.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        t.join()
    return {'batches': out, 'end': end}
