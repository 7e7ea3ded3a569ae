#!/usr/bin/env python
#coding=gbk
# ==============================================================================
#          \file   read.py
#   \Description   Read from TFRecords
# ==============================================================================

  
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

# deprecated just using dataset_decode.py

def _read_decode(filename_queue, decode_fn, thread_id=0):
  reader = tf.TFRecordReader(name='reader_%d' % thread_id)
  _, serialized_example = reader.read(filename_queue)
  values = decode_fn(serialized_example)
  if isinstance(values, (list, tuple)):
    return list(values)
  return [values]


def inputs(files, decode_fn, batch_size=64,
           num_epochs=None, num_threads=12,
           shuffle=True, seed=None,
           min_after_dequeue=None,
           name='input'):
  """
  decode_fn: must be function, parse one serialized example into tensors
  num_threads: how many readers, each reader one thread, results joined by batch_join
  """
  with tf.name_scope(name):
    filename_queue = tf.train.string_input_producer(
        files, num_epochs=num_epochs, shuffle=shuffle, seed=seed)

    example_list = [_read_decode(filename_queue, decode_fn, thread_id)
                    for thread_id in range(num_threads)]

    if min_after_dequeue is None:
      min_after_dequeue = 3 * batch_size
    capacity = min_after_dequeue + (num_threads + 3) * batch_size
    return tf.train.batch_join(
        example_list,
        batch_size=batch_size,
        capacity=capacity,
        allow_smaller_final_batch=True,
        name='batch_join')
