"""Loads table files as numpy arrays and serves them to the graph by batch id.

A `range_input_producer` over batch ids drives a `py_func` that slices the arrays for that id; each file
becomes a dict of slices, and the files are joined by `batch_join(..., enqueue_many=True)`.
"""

import csv
import logging
import math
import os

import numpy as np
import tensorflow.compat.v1 as tf

log = logging.getLogger(__name__)

COLUMN_TYPES = {'a': np.float32, 'b': np.float32, 'label': np.int64}


def load_table(path, keys=None, skip_keys=()):
  with open(path) as f:
    rows = list(csv.DictReader(f))
  if keys is None:
    keys = sorted(rows[0].keys())
  keys = [key for key in keys if key not in skip_keys]
  return {key: np.array([float(r[key]) for r in rows]).astype(COLUMN_TYPES[key]) for key in keys}


def table_to_slices(path, batch_size, keys=None, skip_keys=(), shuffle=False, num_epochs=1):
  """Reads one table in batches of `batch_size` rows, driven by a queue of batch ids.

  Returns:
    a dict of tensors, each [None] (the rows of one batch id): enqueue it with enqueue_many.
  """
  arrays = load_table(path, keys, skip_keys)
  keys = sorted(arrays.keys())
  num_rows = arrays[keys[0]].shape[0]

  # set up batch id producer
  max_batches = int(math.ceil(num_rows / float(batch_size)))
  batch_id_producer = tf.train.range_input_producer(
      max_batches, shuffle=shuffle, seed=0, num_epochs=num_epochs)
  batch_id = batch_id_producer.dequeue()
  log.debug("loading %s with max batches %d", os.path.basename(path), max_batches)

  # determine the Tout
  tensor_dtypes = [tf.as_dtype(arrays[key].dtype) for key in keys]

  # function to get examples based on batch_id (for py_func)
  def batch_id_to_examples(batch_id):
    batch_start = batch_id * batch_size
    batch_end = min(batch_start + batch_size, num_rows)
    return [arrays[key][batch_start:batch_end] for key in keys]

  examples = tf.py_func(
      func=batch_id_to_examples,
      inp=[batch_id],
      Tout=tensor_dtypes,
      stateful=False,
      name='py_table_loader')
  for tensor in examples:
    tensor.set_shape([None])
  return dict(zip(keys, examples))


def load_data_from_filename_list(paths, batch_size, reader_batch_size=8, shuffle=False):
  example_slices_list = [table_to_slices(path, reader_batch_size, shuffle=shuffle) for path in paths]
  capacity = (len(example_slices_list) + 2) * batch_size
  batch = tf.train.batch_join(
      example_slices_list, batch_size, capacity=capacity, enqueue_many=True,
      allow_smaller_final_batch=True, name='batcher')
  return batch
