"""SRGAN-style training loop: a PatchLoader object called for (lr, hr) batches, an MSE on a bicubic baseline."""
import os

import numpy as np
import tensorflow as tf

from srgan27_lib.config import config
from srgan27_lib.loader import PatchLoader

tf1 = tf.compat.v1


def write_images(hr_dir, n=8):
    os.makedirs(hr_dir, exist_ok=True)
    with tf.Graph().as_default():
        img = tf1.placeholder(tf.uint8, [6, 6, 3])
        enc = tf.image.encode_png(img)
        with tf1.Session() as sess:
            for i in range(n):
                arr = (np.arange(108).reshape(6, 6, 3) * (i + 1) % 251).astype(np.uint8)
                with open(os.path.join(hr_dir, "%04d.png" % i), "wb") as f:
                    f.write(sess.run(enc, {img: arr}))


def main(data_dir):
    hr_dir = os.path.join(data_dir, "h27_srgan_hr_patch_loader_class_area_lr", config.data_subdir)
    write_images(hr_dir)
    loader = PatchLoader(config, hr_dir)
    lr, hr, paths = loader()
    up = tf1.image.resize_images(lr, [config.hr_size, config.hr_size],
                                 method=tf1.image.ResizeMethod.NEAREST_NEIGHBOR)
    mse = tf.reduce_mean(tf.square(up - hr), axis=[1, 2, 3])
    out = []
    sess = tf1.Session()
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess, coord)
    try:
        while not coord.should_stop():
            l, e, p = sess.run([lr, mse, paths])
            out.append([np.round(l.sum(axis=(1, 2, 3)), 4).tolist(), np.round(e, 5).tolist(),
                        [os.path.basename(x.decode()) for x in p]])
    except tf.errors.OutOfRangeError:
        print("Done training -- epoch limit reached")
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": "epoch limit reached"}
