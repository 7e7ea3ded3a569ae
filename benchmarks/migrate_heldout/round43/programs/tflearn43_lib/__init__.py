# -*- coding: utf-8 -*-
"""A small copy of TFLearn's data utilities (data_flow.py, utils.py) as vendored by a 2017 project."""
