import os

import numpy as np
import tensorflow as tf

from fish46_lib import haul_input


def _bytes(v):
  return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def _int64(v):
  return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def write(folder):
  if not os.path.isdir(folder):
    os.makedirs(folder)
  path = os.path.join(folder, 'hauls.tfrecords')
  rng = np.random.RandomState(4601)
  with tf.io.TFRecordWriter(path) as w:
    for i in range(haul_input.num_examples_per_epoch_for_train):
      counts = rng.randint(1, 30, size=haul_input.length_bins).astype(np.uint8)
      ex = tf.train.Example(features=tf.train.Features(feature={
        'vessel': _bytes(('FV-%02d' % i).encode()),
        'bins': _int64(haul_input.length_bins),
        'species': _int64(int(rng.randint(haul_input.num_species))),
        'lengths_raw': _bytes(counts.tobytes()),
      }))
      w.write(ex.SerializeToString())
  return path
