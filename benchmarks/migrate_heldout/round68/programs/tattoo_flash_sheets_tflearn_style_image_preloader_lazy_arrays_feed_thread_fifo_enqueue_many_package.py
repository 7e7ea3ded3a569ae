# -*- coding: utf-8 -*-
"""
Tattoo flash sheets (tiny greyscale swatches of each design) listed in a
`dataset.txt`, loaded lazily by tflearn's image_preloader and pushed by a
feeding thread into a FIFOQueue.
"""
from __future__ import division, print_function, absolute_import

import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from tfl68_lib.data_utils import image_preloader

IMG_SHAPE = (2, 2)
CHUNK = 2
BATCH_SIZE = 3


def make_sheets(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6868)
    lines = []
    for i in range(12):
        style = i % 3  # 0 traditional, 1 blackwork, 2 neo-trad
        img = rng.randint(0, 256, size=IMG_SHAPE).astype('uint8')
        path = os.path.join(folder, 'flash_%02d.npy' % i)
        np.save(path, img)
        lines.append('%s %d' % (path, style))
    target = os.path.join(folder, 'dataset.txt')
    with open(target, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return target


def main(data_dir):
    target = make_sheets(os.path.join(data_dir, 'h68_tattoo'))
    X, Y = image_preloader(target, image_shape=IMG_SHAPE, mode='file',
                           categorical_labels=True, normalize=True)
    n_classes = len(Y[0])
    ids = np.arange(len(X), dtype='int32')

    # Graph
    x_ph = tf.placeholder(tf.float32, shape=[None, IMG_SHAPE[0], IMG_SHAPE[1]])
    y_ph = tf.placeholder(tf.float32, shape=[None, n_classes])
    id_ph = tf.placeholder(tf.int32, shape=[None])
    queue = tf.FIFOQueue(capacity=6, dtypes=[tf.float32, tf.float32, tf.int32],
                         shapes=[list(IMG_SHAPE), [n_classes], []])
    enqueue_op = queue.enqueue_many([x_ph, y_ph, id_ph])
    close_op = queue.close()
    X_batch, Y_batch, id_batch = queue.dequeue_many(BATCH_SIZE)
    ink = tf.reduce_mean(1.0 - X_batch, axis=[1, 2])
    style = tf.argmax(Y_batch, axis=1)

    sess = tf.Session()

    def feed(sess):
        for i in range(0, len(X), CHUNK):
            sess.run(enqueue_op, feed_dict={x_ph: np.asarray(X[i:i + CHUNK]),
                                            y_ph: np.asarray(Y[i:i + CHUNK]),
                                            id_ph: ids[i:i + CHUNK]})
        sess.run(close_op)

    t = threading.Thread(target=feed, args=(sess,))
    t.daemon = True
    t.start()

    batches = []
    while True:
        try:
            b_id, b_style, b_ink, b_x = sess.run([id_batch, style, ink, X_batch])
        except tf.errors.OutOfRangeError:
            break
        batches.append([b_id.tolist(), b_style.tolist(), np.round(b_ink, 4).tolist(),
                        np.round(b_x, 4).tolist()])
    t.join()
    sess.close()
    return {"batches": batches, "end": "flash sheets: %d" % sum(len(b[0]) for b in batches)}
