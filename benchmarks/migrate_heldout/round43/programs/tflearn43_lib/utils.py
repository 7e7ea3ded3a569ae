# -*- coding: utf-8 -*-
from __future__ import division, print_function, absolute_import

import numpy as np


def get_dict_first_element(input_dict):
    for key in input_dict:
        return input_dict[key]


def get_incoming_shape(incoming):
    """ Returns the incoming data shape """
    if isinstance(incoming, np.ndarray):
        return list(incoming.shape)
    elif isinstance(incoming, (list, tuple)):
        return [len(incoming)] + list(np.shape(incoming[0]))
    else:
        raise Exception("Invalid incoming layer.")


def slice_array(X, start=None, stop=None):
    """ Slice an array (or a list of arrays) by an index array or a range. """
    if type(X) == list:
        if hasattr(start, '__len__'):
            return [x[start] for x in X]
        else:
            return [x[start:stop] for x in X]
    if hasattr(start, '__len__'):
        return X[start]
    else:
        return X[start:stop]


def make_batches(samples_size, batch_size):
    nb_batch = int(np.ceil(samples_size / float(batch_size)))
    return [(i * batch_size, min(samples_size, (i + 1) * batch_size))
            for i in range(0, nb_batch)]
