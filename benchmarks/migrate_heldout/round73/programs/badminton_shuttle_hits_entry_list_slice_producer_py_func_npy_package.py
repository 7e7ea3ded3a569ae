# -*- coding: utf-8 -*-
"""Badminton shuttle hits: a research framework's `core.data` package (entry list parsed in Python, slice
producer, `py_func` .npy loader, prefetch module choosing `batch` / `shuffle_batch`)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from badminton73.core.data import data_loader


class _Cfg(object):
  def __init__(self, **kw):
    self.__dict__.update(kw)


def write_entries(folder):
  os.makedirs(folder, exist_ok=True)
  lines = []
  for i in range(3):
    path = os.path.join(folder, 'rally_%d.npy' % i)
    np.save(path, (np.arange(12, dtype=np.float32) * 0.1 + i))
    for start in (0, 5):
      lines.append('%s %d %d\n' % (path, start, (i + start) % 2))
  entry = os.path.join(folder, 'train.txt')
  with open(entry, 'w') as f:
    f.writelines(lines)
  return entry


def main(data_dir):
  entry = write_entries(os.path.join(data_dir, 'h73_badminton'))
  config = _Cfg(data=_Cfg(entry_path=entry, entry_dtype=[str, int, int], entry_check=[True, False, False],
                          configs=[_Cfg(length=4)], shuffle=False, batchsize=2))
  audio, label = data_loader.load_audio(config)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        a, l = sess.run([audio, label])
        batches.append([np.round(a.astype(np.float64), 3).tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "hits: %d" % sum(len(b[1]) for b in batches)}
