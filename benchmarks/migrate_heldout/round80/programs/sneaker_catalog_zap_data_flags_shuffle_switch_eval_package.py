"""Sneaker catalogue JPEGs through ``sneaker80.zap.zap_data(FLAGS, shuffle=False)``: the evaluation branch (one
epoch, ``train.batch`` with ``allow_smaller_final_batch``), ``size`` used for the number of steps."""
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sneaker80 import zap


class FLAGS(object):
    file_pattern = None
    batch_size = 3
    debug = True


def _write(folder):
    rng = np.random.RandomState(50)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [6, 8, 3])
        jpg = tf.image.encode_jpeg(pixels, quality=95)
        with tf.Session() as sess:
            for i in range(7):
                data = sess.run(jpg, {pixels: rng.randint(0, 256, size=(6, 8, 3)).astype(np.uint8)})
                with open(os.path.join(folder, 'shoe_%02d.jpg' % i), 'wb') as f:
                    f.write(data)


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_sneaker')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    FLAGS.file_pattern = os.path.join(folder, '*.jpg')
    data = zap.zap_data(FLAGS, shuffle=False)
    images, paths = data['batch']
    steps = int(math.ceil(data['size'] / float(FLAGS.batch_size)))

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(steps):
            img, p = sess.run([images, paths])
            batches.append([np.round(img.mean(axis=(1, 2, 3)), 3).tolist(),
                            [os.path.basename(x.decode()) for x in p]])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "shoes: %d of %d" % (sum(len(b[1]) for b in batches), data['size'])}
