#!/usr/bin/env python
#coding=gbk

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf


def decode_catalogue(serialized_example):
  features = tf.parse_single_example(
      serialized_example,
      features={
          'isbn': tf.FixedLenFeature([], tf.string),
          'subject': tf.FixedLenFeature([], tf.int64),
          'year': tf.FixedLenFeature([], tf.int64),
          'loans': tf.FixedLenFeature([3], tf.int64),
      })
  isbn = features['isbn']
  subject = tf.cast(features['subject'], tf.int32)
  year = tf.cast(features['year'], tf.int32)
  loans = tf.cast(features['loans'], tf.float32)
  return isbn, subject, year, loans
