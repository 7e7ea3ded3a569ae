#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Schema and feature configuration for the river water-quality samples (stands in for the yaml conf files)."""
from collections import OrderedDict


class Config(object):
    def __init__(self):
        self.schema = OrderedDict([
            (1, 'label'),          # 1 = fit for bathing
            (2, 'station'),
            (3, 'ph'),
            (4, 'dissolved_oxygen'),
            (5, 'nitrate'),
            (6, 'turbidity'),
            (7, 'month'),
        ])
        self.feature = {
            'station': {'type': 'category'},
            'ph': {'type': 'continuous'},
            'dissolved_oxygen': {'type': 'continuous'},
            'nitrate': {'type': 'continuous'},
            'turbidity': {'type': 'continuous'},
            'month': {'type': 'category', 'int': True},
        }
        self.train = {'batch_size': 4, 'num_epochs': 1, 'shuffle': False, 'skip_header': 1}
