"""Sliding windows over a series for a sequence model, in the shape of the language-model readers:
`window_producer(raw_data, batch_size, num_steps, name)` under `name_scope(name, 'WindowProducer', ...)`,
an `assert_positive` on the epoch size, `range_input_producer(epoch_size, shuffle=False).dequeue()` and
python slicing of the reshaped data; one producer per split, and each split's loop runs its epoch size.
"""

from __future__ import absolute_import, division, print_function

import csv
import os

import tensorflow.compat.v1 as tf


def load_series(path, column='a'):
  with open(path) as f:
    return [int(float(row[column])) for row in csv.DictReader(f)]


def window_producer(raw_data, batch_size, num_steps, name=None):
  """Iterate on the raw series: x is a window, y the same window shifted right by one."""
  with tf.name_scope(name, "WindowProducer", [raw_data, batch_size, num_steps]):
    raw_data = tf.convert_to_tensor(raw_data, name="raw_data", dtype=tf.int32)

    data_len = tf.size(raw_data)
    batch_len = data_len // batch_size
    data = tf.reshape(raw_data[0: batch_size * batch_len], [batch_size, batch_len])

    epoch_size = (batch_len - 1) // num_steps
    assertion = tf.assert_positive(
        epoch_size, message="epoch_size == 0, decrease batch_size or num_steps")
    with tf.control_dependencies([assertion]):
      epoch_size = tf.identity(epoch_size, name="epoch_size")

    i = tf.train.range_input_producer(epoch_size, shuffle=False).dequeue()
    x = data[:, i * num_steps:(i + 1) * num_steps]
    x.set_shape([batch_size, num_steps])
    y = data[:, i * num_steps + 1:(i + 1) * num_steps + 1]
    y.set_shape([batch_size, num_steps])
    return x, y


class SmallConfig(object):
  batch_size = 4
  num_steps = 3


def main(data_dir):
  config = SmallConfig()
  train_data = load_series(os.path.join(data_dir, 'table-0.csv'))
  valid_data = load_series(os.path.join(data_dir, 'table-1.csv'))
  epoch_sizes = {}
  splits = {}
  for name, data in (('Train', train_data), ('Valid', valid_data)):
    epoch_sizes[name] = ((len(data) // config.batch_size) - 1) // config.num_steps
    splits[name] = window_producer(data, config.batch_size, config.num_steps, name=name + 'Input')

  batches = []
  with tf.Session() as session:
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=session, coord=coord)
    for name in ('Train', 'Valid'):
      x, y = splits[name]
      for step in range(epoch_sizes[name]):
        xv, yv = session.run([x, y])
        batches.append([xv.tolist(), yv.tolist()])
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "steps"}
