"""Flower auction at the clock: price per stem of tulip lots against the
number of stems, fitted Edward-style.

As in Edward's "Data" guide for reading data with queues: the batch tensors
go into `data=`, `inference.initialize(n_iter=...)`, the session is
`ed.get_session()`, `tf.train.start_queue_runners()` is called without a
session, and `inference.update()` runs once per iteration.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

import ed68_lib as ed

N = 12  # number of lots
M = 4   # batch size during training


def build_toy_dataset(folder):
  if not os.path.exists(folder):
    os.makedirs(folder)
  rng = np.random.RandomState(8068)
  path = os.path.join(folder, 'clock_sales.csv')
  with open(path, 'w') as f:
    for i in range(N):
      stems = int(rng.randint(5, 40)) * 10
      price = 0.42 - 0.0003 * stems + float(rng.randint(-4, 5)) / 100.0
      f.write('lot%03d,%s,%d,%.3f\n' % (i, ['Apeldoorn', 'Queen of Night', 'Angelique'][i % 3],
                                       stems, price))
  return path


def generator_inputs(path):
  filename_queue = tf.train.string_input_producer([path], shuffle=False)
  reader = tf.TextLineReader()
  _, line = reader.read(filename_queue)
  lot, variety, stems, price = tf.decode_csv(line, [[''], [''], [0], [0.0]])
  x = tf.cast(stems, tf.float32) / 100.0
  return tf.train.batch([x, price], batch_size=M, num_threads=1, capacity=2 * M)


def main(data_dir):
  ed.set_seed(42)
  path = build_toy_dataset(os.path.join(data_dir, 'h68_tulip'))

  x_batch, y_batch = generator_inputs(path)

  # MODEL / INFERENCE
  w = tf.Variable(0.0, name='w')
  b = tf.Variable(0.0, name='b')
  inference = ed.MAP({'w': w, 'b': b}, data={'x': x_batch, 'y': y_batch})
  inference.initialize(n_iter=N // M, n_print=1)

  sess = ed.get_session()
  tf.global_variables_initializer().run()

  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(coord=coord)

  batches = []
  for _ in range(inference.n_iter):
    info_dict = inference.update()
    inference.print_progress(info_dict)
    w_val, b_val = sess.run([w, b])
    batches.append([[int(info_dict['t'])], [round(float(info_dict['loss']), 5)],
                    [round(float(w_val), 5), round(float(b_val), 5)]])

  inference.finalize()
  coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": "lots: %d, iterations: %d" % (M * len(batches),
                                                                  len(inference.progress))}
