# -*- coding: utf-8 -*-
import codecs
import os

import numpy as np
import tensorflow.compat.v1 as tf

from thr78.hparams import Hyperparams as hp


def load_data(data_dir):
    '''Loads the feature paths and the singing-style labels of metadata.csv.'''
    fpaths, styles = [], []
    lines = codecs.open(os.path.join(data_dir, hp.meta), 'r', 'utf-8').readlines()
    for line in lines:
        fname, style = line.strip().split("|")
        fpaths.append(os.path.join(data_dir, hp.feat_dir, fname + ".npy"))
        styles.append(int(style))
    return fpaths, styles


def _load_spectrogram(fpath):
    mel = np.load(fpath.decode() if isinstance(fpath, bytes) else fpath)
    return mel.astype(np.float32), np.float32(np.abs(mel).max())


def get_batch(data_dir):
    """Loads training data and put them in queues"""
    with tf.device('/cpu:0'):
        fpaths, styles = load_data(data_dir)
        num_batch = len(fpaths) // hp.batch_size

        fpaths = tf.convert_to_tensor(fpaths)
        styles = tf.convert_to_tensor(styles)

        # Create Queues
        fpath, style = tf.train.slice_input_producer([fpaths, styles], shuffle=True, seed=78, num_epochs=1)

        mel, peak = tf.py_func(_load_spectrogram, [fpath], [tf.float32, tf.float32])
        mel.set_shape((hp.n_frames, hp.n_mels))
        peak.set_shape(())

        mels, peaks, styles = tf.train.batch([mel, peak, style],
                                             num_threads=hp.num_threads,
                                             batch_size=hp.batch_size,
                                             capacity=hp.batch_size * 4)
    return mels, peaks, styles, num_batch
