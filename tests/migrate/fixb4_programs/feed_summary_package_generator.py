"""A package helper module holds the tile generator; the program's function makes the fed queue, its
fill-level summary and the feeding thread, and reads it by dequeue_many until closed."""
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from fixb4_lib import tiles


def main(data_dir):
    root = os.path.join(data_dir, 'fixb4_pkg')
    os.makedirs(root, exist_ok=True)
    listing = tiles.write_tiles(root, 8)
    image_pl = tf.placeholder(tf.float32)
    label_pl = tf.placeholder(tf.int32)
    q = tf.FIFOQueue(capacity=tiles.CAPACITY, dtypes=[tf.float32, tf.int32],
                     shapes=[[tiles.SIDE, tiles.SIDE], [tiles.SIDE, tiles.SIDE]])
    tf.summary.scalar('fill/' + q.name, tf.cast(q.size(), tf.float32) / tiles.CAPACITY)
    enqueue_op = q.enqueue([image_pl, label_pl])
    close_op = q.close()
    image, label = q.dequeue_many(2)
    slip = tf.reduce_mean(tf.cast(label, tf.float32), axis=[1, 2])

    def enqueue_loop(sess, gen):
        for im, gt in gen:
            sess.run(enqueue_op, feed_dict={image_pl: im, label_pl: gt})
        sess.run(close_op)

    sess = tf.Session()
    t = threading.Thread(target=enqueue_loop, args=(sess, tiles.tile_gen(listing)))
    t.daemon = True
    t.start()
    out = []
    try:
        while True:
            im, lb, sf = sess.run([image, label, slip])
            out.append([np.round(im, 5).tolist(), lb.tolist(), np.round(sf, 5).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    t.join()
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
