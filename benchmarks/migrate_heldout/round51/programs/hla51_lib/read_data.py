#!/usr/bin/env python
"""
read the tf record, supply the crossmatch features and labels
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function
__author__ = "h51"

import sys
import os.path as osp
import tensorflow.compat.v1 as tf

from hla51_lib.compile_data import NUM_CLASSES

MAX_PAIRS = 9


def _lm2lp(label_map):
  pos = tf.reshape(tf.where(label_map), [-1])
  neg = tf.reshape(tf.where(tf.logical_not(label_map)), [-1])

  neg_pos = tf.meshgrid(neg, pos, indexing='ij')
  neg_pos_mat = tf.reshape(tf.transpose(tf.stack(neg_pos)), [-1, 2])
  n_pairs = tf.shape(neg_pos_mat)[0]
  neg_pos_pad = tf.pad(neg_pos_mat, [[0, MAX_PAIRS - n_pairs], [0, 0]], constant_values=-1)
  neg_pos_pad.set_shape([MAX_PAIRS, 2])
  return neg_pos_pad, n_pairs


def read_record(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  features = tf.parse_single_example(serialized, features={
      'pair/id': tf.FixedLenFeature([], tf.int64),
      'pair/label_map': tf.FixedLenFeature([NUM_CLASSES], tf.int64),
      'pair/pra': tf.FixedLenFeature([2], tf.float32),
  })
  label_map = tf.cast(features['pair/label_map'], tf.bool)
  pairs, n_pairs = _lm2lp(label_map)
  return features['pair/id'], features['pair/pra'], features['pair/label_map'], pairs, n_pairs


def inputs(path, batch_size, num_epochs=1):
  with tf.name_scope('input'):
    filename_queue = tf.train.string_input_producer([path], num_epochs=num_epochs, shuffle=False)
    tensors = read_record(filename_queue)
    return tf.train.batch(list(tensors), batch_size=batch_size, num_threads=1,
                          capacity=32, allow_smaller_final_batch=True)
