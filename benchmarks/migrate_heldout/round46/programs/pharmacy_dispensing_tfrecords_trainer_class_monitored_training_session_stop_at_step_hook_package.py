from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from pharm46_lib import dispensing_input
from pharm46_lib.trainer import Trainer

ITERATIONS = 4
BATCH = 3


def write_fills(path):
  rng = np.random.RandomState(4607)
  with tf.python_io.TFRecordWriter(path) as w:
    for i in range(ITERATIONS * BATCH):
      ex = tf.train.Example(features=tf.train.Features(feature={
          'ndc': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'0093-%04d' % (7000 + i)])),
          'quantity': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.choice([14, 28, 30, 60, 90]))])),
          'days_supply': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.choice([7, 14, 30]))])),
          'controlled': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.rand() < 0.3)])),
      }))
      w.write(ex.SerializeToString())


def main(data_dir):
  folder = os.path.join(data_dir, 'h46_dispensing')
  if not os.path.isdir(folder):
    os.makedirs(folder)
  path = os.path.join(folder, 'fills.tfrecord')
  write_fills(path)

  global_step = tf.train.get_or_create_global_step()
  ndc, dose, controlled = dispensing_input.dispensing_batch(path, BATCH)
  step_op = tf.assign_add(global_step, 1)
  seen = []

  def train_step_fn(sess):
    n, d, c, _ = sess.run([ndc, dose, controlled, step_op])
    seen.append([[x.decode() for x in n], np.round(d, 4).tolist(), c.tolist()])

  Trainer().train(train_step_fn, ITERATIONS)
  return {'batches': seen, 'end': 'fills: %d' % sum(len(b[0]) for b in seen)}
