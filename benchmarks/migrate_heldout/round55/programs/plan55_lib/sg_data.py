from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


class _Opt(object):
    pass


def _data_to_tensor_single(data_list, batch_size, name=None):
    _num_thread = 2
    _cap_thread = _num_thread
    _cap_max = 4
    _cap_min = 2

    const_list = [tf.constant(data) for data in data_list]
    queue_list = tf1.train.slice_input_producer(const_list,
                                               capacity = batch_size * _cap_max * _cap_thread,
                                               name = name, shuffle = False, num_epochs = 1)

    return tf1.train.shuffle_batch(queue_list, batch_size,
                                   capacity = batch_size * _cap_max * _cap_thread,
                                   min_after_dequeue = batch_size * _cap_min,
                                   name = name, num_threads = _num_thread, seed = 55)


class StarCatalogue(object):
    r"""Loads the dome's star catalogue and puts the splits in queues.
    """
    _data_dir = './asset/data/stars'

    def __init__(self, batch_size=4, data_dir=None):
        data_dir = data_dir or StarCatalogue._data_dir
        data = np.load(os.path.join(data_dir, 'stars.npz'))

        self.batch_size = batch_size

        # member initialize
        self.train, self.valid = _Opt(), _Opt()

        # convert to tensor queue
        self.train.coords, self.train.magnitude, self.train.hip = \
            _data_to_tensor_single([data['train_coords'], data['train_mag'], data['train_hip']],
                                   batch_size, name='train')
        self.valid.coords = data['valid_coords']

        self.train.num_batch = data['train_hip'].shape[0] // batch_size
