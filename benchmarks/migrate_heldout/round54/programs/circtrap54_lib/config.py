#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""
File: config.py
Date: 2017/11/27
"""
DATA_DIR = "./trapeze_data"
TRAIN_FILES = ["data_batch_%d.bin" % i for i in range(1, 3)]
TEST_FILE = "test_batch.bin"

LABEL_BYTES = 1
TIMING_COUNT = 4
RECORD_BYTES = LABEL_BYTES + TIMING_COUNT

BATCH_SIZE = 3
NUM_EPOCHS = 1
