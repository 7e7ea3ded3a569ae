"""Evaluation loop over the fixed-length binary files (cifar10_eval.py shape: a fixed number of steps)."""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np
import tensorflow.compat.v1 as tf

from cifar_bin_lib import cifar_input


class FLAGS(object):
  batch_size = 5
  num_examples = 36
  use_fp16 = False


def inputs(eval_data, data_dir):
  indices, values = cifar_input.inputs(eval_data=eval_data, data_dir=data_dir, batch_size=FLAGS.batch_size)
  if FLAGS.use_fp16:
    values = tf.cast(values, tf.float16)
  return indices, values


def eval_once(indices, values):
  batches = []
  with tf.Session() as sess:
    coord = tf.train.Coordinator()
    try:
      threads = []
      for qr in tf.get_collection(tf.GraphKeys.QUEUE_RUNNERS):
        threads.extend(qr.create_threads(sess, coord=coord, daemon=True, start=True))

      num_iter = int(math.ceil(FLAGS.num_examples / FLAGS.batch_size))
      step = 0
      while step < num_iter and not coord.should_stop():
        idx, val = sess.run([indices, values])
        batches.append([np.asarray(idx).tolist(), np.asarray(val).tolist()])
        step += 1
    except Exception as e:  # pylint: disable=broad-except
      coord.request_stop(e)

    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
  return batches


def main(data_dir):
  with tf.Graph().as_default():
    indices, values = inputs(eval_data=True, data_dir=data_dir)
    batches = eval_once(indices, values)
  return {"batches": batches, "end": "steps"}
