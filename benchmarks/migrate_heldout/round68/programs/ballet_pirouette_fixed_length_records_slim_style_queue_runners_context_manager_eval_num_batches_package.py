"""Evaluates pirouette landings of a ballet school's validation split.

Mirrors slim's eval scripts: a fixed number of batches,
`math.ceil(num_samples / batch_size)`, run inside `slim.queues.QueueRunners`.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import math
import os
import struct

import numpy as np
import tensorflow.compat.v1 as tf

from slim68_lib import pirouettes
from slim68_lib import queues as slim_queues


class FLAGS(object):
  batch_size = 4
  dataset_split_name = 'validation'
  dataset_dir = None
  max_num_batches = None


def _write_split(dataset_dir, split_name, size):
  if not os.path.exists(dataset_dir):
    os.makedirs(dataset_dir)
  rng = np.random.RandomState(len(split_name) * 68)
  with open(os.path.join(dataset_dir, 'pirouettes_%s.bin' % split_name), 'wb') as f:
    for i in range(size):
      f.write(struct.pack('<BBh', 10 + i % 4, int(rng.randint(1, 6)),
                          int(rng.randint(-120, 121))))


def main(data_dir):
  FLAGS.dataset_dir = os.path.join(data_dir, 'h68_ballet')
  for split, size in pirouettes.SPLITS_TO_SIZES.items():
    _write_split(FLAGS.dataset_dir, split, size)

  file_name, num_samples = pirouettes.get_split(FLAGS.dataset_split_name,
                                                FLAGS.dataset_dir)
  filename_queue = tf.train.string_input_producer([file_name], shuffle=False)
  dancer, turns, landing = pirouettes.read_pirouette(filename_queue)
  dancers, turnss, landings = tf.train.batch(
      [dancer, turns, landing], batch_size=FLAGS.batch_size, num_threads=1,
      capacity=5 * FLAGS.batch_size)

  clean = tf.less(tf.abs(landings), 60)
  mean_turns, update_turns = tf.metrics.mean(tf.cast(turnss, tf.float32))
  clean_rate, update_clean = tf.metrics.mean(tf.cast(clean, tf.float32))

  if FLAGS.max_num_batches:
    num_batches = FLAGS.max_num_batches
  else:
    # This ensures that we make a single pass over all of the data.
    num_batches = int(math.ceil(num_samples / float(FLAGS.batch_size)))

  batches = []
  sess = tf.Session()
  sess.run(tf.global_variables_initializer())
  sess.run(tf.local_variables_initializer())
  with slim_queues.QueueRunners(sess):
    for i in range(num_batches):
      d, t, l, c, _, _ = sess.run([dancers, turnss, landings, clean,
                                   update_turns, update_clean])
      batches.append([d.tolist(), t.tolist(), l.tolist(), c.tolist()])
  mt, cr = sess.run([mean_turns, clean_rate])
  sess.close()
  return {"batches": batches,
          "end": "pirouettes: %d, mean turns %.4f, clean %.4f" % (
              FLAGS.batch_size * num_batches, mt, cr)}
