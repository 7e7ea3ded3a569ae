from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import tensorflow.compat.v1 as tf
import numpy as np

from fresco72_sr import FLAGS


def convert_back(img, LR=True):
    if LR:
        img *= 255
    else:
        img = ((img + 1) / 2) * 255
    return img


def load_and_normalize(filename, LR=True):
    with tf.name_scope('load_img'):
        img_string = tf.read_file(filename)

        img_decoded = tf.image.decode_png(img_string, channels=3)

    # Normalize img to [0,1]
    with tf.name_scope('normalize_img'):
        img = tf.image.convert_image_dtype(img_decoded, dtype=tf.float32)

        with tf.name_scope('shape'):
            size = FLAGS.lr_size if LR else FLAGS.hr_size
            img.set_shape([size, size, 3])
        if not LR:
            # HR targets in [-1,1]
            img = img * 2 - 1
    return img


def get_pair_batch(data_dir, num_epochs=None):
    lr_files = sorted(os.path.join(data_dir, 'LR', f) for f in os.listdir(os.path.join(data_dir, 'LR')))
    hr_files = sorted(os.path.join(data_dir, 'HR', f) for f in os.listdir(os.path.join(data_dir, 'HR')))
    lr_name, hr_name = tf.train.slice_input_producer([lr_files, hr_files], num_epochs=num_epochs,
                                                     shuffle=True, seed=4)
    lr_img = load_and_normalize(lr_name, LR=True)
    hr_img = load_and_normalize(hr_name, LR=False)
    lr_batch, hr_batch = tf.train.shuffle_batch([lr_img, hr_img], batch_size=FLAGS.batch_size,
                                                num_threads=FLAGS.num_threads,
                                                capacity=8 * FLAGS.batch_size,
                                                min_after_dequeue=2 * FLAGS.batch_size, seed=5)
    return lr_batch, hr_batch
