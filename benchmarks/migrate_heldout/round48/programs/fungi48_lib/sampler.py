# -*- coding: utf-8 -*-
"""
Observation window and a sequential sampler of fungi habitat records.
"""
from __future__ import absolute_import, print_function, division

import csv
import threading
from collections import OrderedDict

import numpy as np
import tensorflow as tf

from fungi48_lib.input_buffer import InputBatchQueueRunner


class ObservationWindow(object):
    """Names, dtypes and per-record shapes of the buffered items."""

    def __init__(self, fields):
        self._fields = OrderedDict(fields)
        self._placeholders = None

    @property
    def names(self):
        return list(self._fields)

    @property
    def tf_dtypes(self):
        return [dtype for dtype, _ in self._fields.values()]

    @property
    def shapes(self):
        return [shape for _, shape in self._fields.values()]

    def placeholders_dict(self, n_samples=1):
        if self._placeholders is None:
            self._placeholders = OrderedDict(
                (name, tf.compat.v1.placeholder(dtype, [n_samples] + list(shape), name=name))
                for name, (dtype, shape) in self._fields.items())
        return self._placeholders


class HabitatSampler(InputBatchQueueRunner):
    """
    This class generates chunks of observation records from a CSV survey,
    sequentially, each record once.
    """

    def __init__(self, reader_csv, window_size=2, queue_length=10, shuffle=True):
        InputBatchQueueRunner.__init__(self, capacity=queue_length, shuffle=shuffle)
        with open(reader_csv) as f:
            self.rows = list(csv.DictReader(f))
        self.window = ObservationWindow([
            ('species', (tf.string, [])),
            ('substrate_ph', (tf.float32, [])),
            ('canopy', (tf.float32, [3])),
            ('edible', (tf.int32, [])),
        ])
        self._next = 0
        self._lock = threading.Lock()
        self._create_queue_and_ops(self.window, enqueue_size=window_size)

    def _take(self):
        with self._lock:
            start = self._next
            self._next += self._enqueue_size
        return self.rows[start:start + self._enqueue_size]

    # pylint: disable=arguments-differ
    def __call__(self):
        ph = self.window.placeholders_dict(self._enqueue_size)
        while True:
            chunk = self._take()
            if len(chunk) < self._enqueue_size:
                return
            output_dict = {
                ph['species']: np.asarray([r['species'] for r in chunk]),
                ph['substrate_ph']: np.asarray([float(r['ph']) for r in chunk], np.float32),
                ph['canopy']: np.asarray([[float(r['oak']), float(r['beech']), float(r['pine'])] for r in chunk],
                                         np.float32),
                ph['edible']: np.asarray([int(r['edible']) for r in chunk], np.int32),
            }
            yield output_dict
