# coding: utf-8
from __future__ import print_function
import os

import numpy as np
import tensorflow as tf

from tfts67_lib import timeseries as ts

# Continuous glucose monitor export: minute index, glucose mg/dL, insulin-on-board, carbs-on-board


def write_cgm_export(path):
  rng = np.random.RandomState(67)
  with open(path, 'w') as f:
    g = 110.0
    for minute in range(24):
      g += rng.uniform(-6, 6) + (8 if minute in (6, 7) else 0)
      iob = max(0.0, 2.0 - 0.1 * minute)
      cob = 30.0 if minute == 6 else 0.0
      f.write('%d,%.1f,%.2f,%.1f\n' % (minute * 5, g, iob, cob))


def main(data_dir):
  folder = os.path.join(data_dir, 'h67_glucose')
  if not os.path.exists(folder):
    os.makedirs(folder)
  csv_file_name = os.path.join(folder, 'cgm_export.csv')
  write_cgm_export(csv_file_name)

  reader = ts.CSVReader(
      csv_file_name,
      column_names=((ts.TrainEvalFeatures.TIMES,)
                    + (ts.TrainEvalFeatures.VALUES,) * 3),
      read_num_records_hint=5)

  batches = []
  with tf.compat.v1.Session() as sess:
    train_input_fn = ts.RandomWindowInputFn(reader, batch_size=2, window_size=4, num_threads=2,
                                            shuffle_seed=67, epoch_limit=1)
    batch_data = train_input_fn.create_batch()
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    while True:
      try:
        one_batch = sess.run(batch_data[0])
      except tf.errors.OutOfRangeError:
        break
      batches.append([one_batch[ts.TrainEvalFeatures.TIMES].tolist(),
                      np.round(one_batch[ts.TrainEvalFeatures.VALUES], 2).tolist()])
    coord.request_stop()
    coord.join(threads)

  return {'batches': batches, 'end': {'windows': sum(len(b[0]) for b in batches)}}
