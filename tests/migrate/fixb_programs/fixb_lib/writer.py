"""Writes a split's records (shared by the programs of this folder)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_split(dataset_dir, split, n, seed):
  if not os.path.isdir(dataset_dir):
    os.makedirs(dataset_dir)
  rng = np.random.RandomState(seed)
  for shard in range(2):
    with tf.python_io.TFRecordWriter(os.path.join(dataset_dir, '%s-%05d' % (split, shard))) as w:
      for i in range(n // 2):
        img = rng.randint(0, 256, size=(2, 2, 1)).astype(np.uint8)
        feature = {
            'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
            'image/class': tf.train.Feature(int64_list=tf.train.Int64List(value=[shard, i])),
            'image/weight': tf.train.Feature(float_list=tf.train.FloatList(value=[0.5 * i])),
        }
        w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
