#!/usr/bin/env python
#coding=gbk
# ==============================================================================
#   \Description   library catalogue loans: two record shards read by two readers
#                  joined in one batch_join (melt-style read.inputs with a decode_fn)
# ==============================================================================

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from melt44_lib import read
from melt44_lib.decode import decode_catalogue


def write_shards(folder):
  rng = np.random.RandomState(44)
  files = []
  n = 0
  for shard in range(2):
    path = os.path.join(folder, 'catalogue-%05d-of-00002' % shard)
    with tf.python_io.TFRecordWriter(path) as writer:
      for _ in range(6):
        isbn = ('978-0-%03d-%05d-%d' % (rng.randint(100, 999), rng.randint(10000, 99999), n % 10)).encode()
        ex = tf.train.Example(features=tf.train.Features(feature={
            'isbn': tf.train.Feature(bytes_list=tf.train.BytesList(value=[isbn])),
            'subject': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 10))])),
            'year': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(1950, 2020))])),
            'loans': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(v) for v in rng.randint(0, 30, size=3)])),
        }))
        writer.write(ex.SerializeToString())
        n += 1
    files.append(path)
  return files


def main(data_dir):
  folder = os.path.join(data_dir, 'h44_library_loans')
  if not os.path.isdir(folder):
    os.makedirs(folder)
  files = write_shards(folder)
  isbn, subject, year, loans = read.inputs(files, decode_catalogue, batch_size=4, num_epochs=1,
                                           num_threads=2, shuffle=True, seed=44)
  mean_loans = tf.reduce_mean(loans, axis=1)

  batches = []
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
      while not coord.should_stop():
        i, s, y, l, m = sess.run([isbn, subject, year, loans, mean_loans])
        batches.append([[v.decode() for v in i], s.tolist(), y.tolist(), l.astype(np.int64).tolist(),
                        np.round(m.astype(np.float64), 3).tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': 'titles: %d' % sum(len(b[0]) for b in batches)}
