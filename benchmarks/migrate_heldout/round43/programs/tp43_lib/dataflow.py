#!/usr/bin/env python
# -*- coding: utf-8 -*-
# File: dataflow.py

import csv
from abc import ABCMeta, abstractmethod

import numpy as np
import six

__all__ = ['DataFlow', 'RNGDataFlow', 'ListingsCSV']


@six.add_metaclass(ABCMeta)
class DataFlow(object):
    """ Base class for all DataFlow """

    @abstractmethod
    def get_data(self):
        """
        A generator to generate data as a list.
        Datapoint should be a mutable list.
        Each component should be assigned a fixed name,
        e.g. [image, label].
        """

    def size(self):
        """
        Returns:
            int: size of this data flow.
        """
        raise NotImplementedError()

    def reset_state(self):
        """
        Reset state of the dataflow. It has to be called before producing datapoints.
        """
        pass


class RNGDataFlow(DataFlow):
    """ A DataFlow with RNG"""

    def reset_state(self):
        """ Reset the RNG """
        self.rng = np.random.RandomState(43)


class ListingsCSV(RNGDataFlow):
    """ Produce [features, log_price, mls] from a listings csv. """

    def __init__(self, path, shuffle=False):
        self.shuffle = shuffle
        with open(path) as f:
            self.rows = list(csv.DictReader(f))

    def size(self):
        return len(self.rows)

    def get_data(self):
        idxs = np.arange(len(self.rows))
        if self.shuffle:
            self.rng.shuffle(idxs)
        for k in idxs:
            r = self.rows[k]
            feat = np.array([float(r['Bedrooms']), float(r['Bathrooms']),
                             float(r['Size']) / 1000.0,
                             1.0 if r['Status'] == 'Foreclosure' else 0.0], dtype='float32')
            yield [feat, np.float32(np.log(float(r['Price']))), int(r['MLS'])]
