#!/usr/bin/python
# -*- coding: utf-8 -*-
"""
Base dataset class: settings from a json file, overridden by keyword arguments.
"""
import json


class DataSet(object):
    """Base class of datasets.

    Sub-classes build their tensors in `_prepare()` and hand them out through `batch()`.
    """

    def __init__(self, filenames=None, **kwargs):
        self._settings = {}
        if filenames is not None:
            if not isinstance(filenames, (list, tuple)):
                filenames = [filenames]
            for filename in filenames:
                with open(filename, 'r') as fin:
                    self._settings.update(json.load(fin))
        self._settings.update(kwargs)
        self._batch_size = self._settings.get('batch_size', 8)
        self._is_train = self._settings.get('is_train', True)
        self._n_threads = self._settings.get('n_threads', 1)
        self._tensors = None
        self._prepare()

    def _prepare(self):
        raise NotImplementedError

    @property
    def batch_size(self):
        return self._batch_size

    def batch(self):
        return self._tensors
