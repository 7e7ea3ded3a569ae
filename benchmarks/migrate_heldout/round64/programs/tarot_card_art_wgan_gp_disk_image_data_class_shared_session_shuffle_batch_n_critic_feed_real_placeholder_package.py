"""WGAN-GP on tarot card art thumbnails, organised like a popular DCGAN / WGAN-GP TensorFlow repository:
a `DiskImageData` object owns the queue pipeline and returns numpy batches from `batch()`, which the training
loop then feeds into the `real` placeholder, `n_critic` times per generator step."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import glob
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

import tarot64_lib.data as data
import tarot64_lib.utils as utils


def _write_png(filename, arr):
    h, w, c = arr.shape
    raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, body):
        return struct.pack('>I', len(body)) + tag + body + struct.pack('>I', zlib.crc32(tag + body) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(filename, 'wb') as f:
        f.write(png)


""" param """
epoch = 1
batch_size = 2
lr = 0.0002
z_dim = 3
n_critic = 2


def discriminator(img, scope='discriminator', reuse=False):
    with tf.variable_scope(scope, reuse=reuse):
        w = tf.get_variable('w', [4 * 4 * 3, 1], initializer=tf.constant_initializer(0.02))
        return tf.squeeze(tf.matmul(tf.reshape(img, [-1, 4 * 4 * 3]), w), axis=1)


def generator(z, scope='generator', reuse=False):
    with tf.variable_scope(scope, reuse=reuse):
        w = tf.get_variable('w', [z_dim, 4 * 4 * 3], initializer=tf.constant_initializer(0.01))
        return tf.reshape(tf.tanh(tf.matmul(z, w)), [-1, 4, 4, 3])


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_tarot_cards', 'major_arcana')
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(64)
    for i in range(12):
        _write_png(os.path.join(folder, 'card_%02d.png' % i), rng.randint(0, 256, size=(6, 6, 3)))

    """ data """
    img_paths = sorted(glob.glob(os.path.join(folder, '*.png')))

    def preprocess_fn(img):
        crop_size = 4
        img = tf.image.crop_to_bounding_box(img, 1, 1, crop_size, crop_size)
        img = tf.to_float(img) / 127.5 - 1
        return img

    sess = utils.session()
    tarot_data = data.DiskImageData(img_paths, batch_size, shape=[6, 6, 3], preprocess_fn=preprocess_fn,
                                    num_threads=2, min_after_dequeue=4, sess=sess)
    batch_epoch = len(tarot_data) // (batch_size * n_critic)

    """ graphs """
    real = tf.placeholder(tf.float32, shape=[None, 4, 4, 3])
    z = tf.placeholder(tf.float32, shape=[None, z_dim])
    fake = generator(z)
    r_logit = discriminator(real)
    f_logit = discriminator(fake, reuse=True)
    wd = tf.reduce_mean(r_logit) - tf.reduce_mean(f_logit)
    d_loss = -wd
    real_brightness = tf.reduce_mean(real, axis=[1, 2, 3])
    g_loss = -tf.reduce_mean(f_logit)

    d_var = [v for v in tf.global_variables() if v.name.startswith('discriminator')]
    d_step = tf.train.GradientDescentOptimizer(learning_rate=lr).minimize(d_loss, var_list=d_var)

    # counter
    it_cnt, update_cnt = utils.counter()

    """ train """
    sess.run(tf.global_variables_initializer())
    it_cnt_val = sess.run(it_cnt)
    batches = []
    z_rng = np.random.RandomState(0)
    for it in range(it_cnt_val, epoch * batch_epoch):
        sess.run(update_cnt)

        # train D
        for i in range(n_critic):
            # batch data
            real_ipt = tarot_data.batch()
            z_ipt = z_rng.normal(size=[batch_size, z_dim])
            r_val, _ = sess.run([real_brightness, d_step], feed_dict={real: real_ipt, z: z_ipt})
            batches.append([np.round(real_ipt, 4).tolist(), np.round(r_val, 4).tolist()])
    iterations = sess.run(it_cnt)
    del tarot_data
    sess.close()
    return {"batches": batches, "end": "tarot cards: %d critic batches, %d iterations" % (len(batches), iterations)}
