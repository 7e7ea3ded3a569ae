#!/usr/bin/env python
"""
compile the crossmatch records into a tf record
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import numpy as np
import tensorflow as tf

# HLA-A, HLA-B, HLA-DR, two antigens each
NUM_CLASSES = 6


def _int64(v):
  return tf.train.Feature(int64_list=tf.train.Int64List(value=list(v)))


def _float(v):
  return tf.train.Feature(float_list=tf.train.FloatList(value=list(v)))


def compile_records(path, n, seed=51):
  rng = np.random.RandomState(seed)
  with tf.io.TFRecordWriter(path) as writer:
    for i in range(n):
      label_map = rng.randint(0, 2, size=NUM_CLASSES)
      if label_map.sum() == 0:
        label_map[i % NUM_CLASSES] = 1
      if label_map.sum() == NUM_CLASSES:
        label_map[i % NUM_CLASSES] = 0
      pra = rng.uniform(0, 100, size=2).round(1)
      ex = tf.train.Example(features=tf.train.Features(feature={
          'pair/id': _int64([1000 + i]),
          'pair/label_map': _int64(label_map),
          'pair/pra': _float(pra),
      }))
      writer.write(ex.SerializeToString())
