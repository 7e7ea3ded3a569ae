# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function


class Configurable(object):
    @classmethod
    def from_dict(cls, d):
        return cls(**d)


class PipelineConfig(Configurable):
    """The Pipeline config."""

    def __init__(self, name=None, subgraph_configs_by_features=None, dynamic_pad=True,
                 bucket_boundaries=False, batch_size=64, num_epochs=4,
                 min_after_dequeue=5000, num_threads=3, shuffle=False,
                 allow_smaller_final_batch=True, params=None):
        self.name = name
        self.subgraph_configs_by_features = subgraph_configs_by_features
        self.dynamic_pad = dynamic_pad
        self.bucket_boundaries = bucket_boundaries
        self.batch_size = batch_size
        self.num_epochs = num_epochs
        self.min_after_dequeue = min_after_dequeue
        self.num_threads = num_threads
        self.shuffle = shuffle
        self.allow_smaller_final_batch = allow_smaller_final_batch
        self.params = params or {}


class InputDataConfig(Configurable):
    NUMPY = 'NUMPY'
    PANDAS = 'PANDAS'
    TF_RECORD = 'TF_RECORD'
