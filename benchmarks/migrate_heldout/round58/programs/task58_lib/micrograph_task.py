"""Concrete core thin sections: porosity class from a small grey micrograph."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

proc_arg_dtype = [tf.float32, tf.int32, tf.int64]
proc_arg_shapes = [[3, 3], [], [2]]

data_root = None


def setup_val_split(opt, ds):
    # every (core, slice) pair once
    return np.array([[c, s] for c in range(ds['num_cores']) for s in range(ds['slices_per_core'])],
                    dtype=np.int64)


def load_sample_data(idx):
    core, sl = int(idx[0]), int(idx[1])
    with np.load(os.path.join(data_root, 'core_%02d.npz' % core)) as f:
        img = f['slices'][sl].astype(np.float32)
        label = np.int32(f['porosity_class'][sl])
    return img, label, idx.astype(np.int64)


def preprocess(sample, train_flag):
    img, label, idx = sample
    img = img / 255.0
    if train_flag:
        img = tf.image.random_flip_left_right(tf.expand_dims(img, -1))[:, :, 0]
    return [img, label, idx]
