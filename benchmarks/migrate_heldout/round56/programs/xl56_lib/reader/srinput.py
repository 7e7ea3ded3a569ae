#!/usr/bin/python
# -*- coding: utf-8 -*-
"""
General image inputer for super resolution (lichen plate tiles saved as .npy).
"""
import os
import numpy as np
import tensorflow.compat.v1 as tf

import xl56_lib.reader.base


def _load_npy(path):
    return np.load(path.decode() if isinstance(path, bytes) else path).astype(np.float32)


class DataSetSuperResolution(xl56_lib.reader.base.DataSet):
    """DataSet for image super resolution
    Generate downsampled low resolution image as data
    Generate high resolution image as label

    Multiple input mode is supported:
    1.  is_single:
        True: only one image is provided, dataset will perform downsample;
        False: two files are provided, one for the low resolution image and one for the high one.
    """

    def _prepare(self):
        self._is_single = self._settings.get('is_single', True)
        self._down_sample_ratio = self._settings.get('down_sample_ratio', 2)
        self._hr_shape = self._settings.get('hr_shape', [4, 4, 1])
        self._shuffle = self._settings.get('shuffle', True)
        self._seed = self._settings.get('seed', None)
        path = self._settings['data_dir']
        files = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith('.npy'))
        self._n_files = len(files)
        with tf.name_scope('sr_input'):
            file_tensor = tf.convert_to_tensor(files, dtype=tf.string)
            name = tf.train.slice_input_producer([file_tensor], num_epochs=1, shuffle=self._shuffle,
                                                 seed=self._seed)[0]
            hr = tf.py_func(_load_npy, [name], tf.float32, stateful=False)
            hr.set_shape(self._hr_shape)
            if self._is_single:
                r = self._down_sample_ratio
                lr = tf.nn.avg_pool(tf.expand_dims(hr, 0), [1, r, r, 1], [1, r, r, 1], 'VALID')[0]
            else:
                raise ValueError('paired mode needs a second file list')
            min_after_dequeue = self._batch_size
            capacity = min_after_dequeue + (self._n_threads + 1) * self._batch_size
            self._tensors = tf.train.shuffle_batch([lr, hr, name], batch_size=self._batch_size,
                                                   capacity=capacity, min_after_dequeue=min_after_dequeue,
                                                   num_threads=self._n_threads, seed=self._seed)

    @property
    def n_files(self):
        return self._n_files
