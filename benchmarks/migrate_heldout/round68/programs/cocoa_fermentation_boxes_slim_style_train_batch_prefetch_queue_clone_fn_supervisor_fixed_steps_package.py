"""Generic training script for the cocoa fermentation model, in the manner of
slim's train_image_classifier.py: inputs on the CPU, `tf.train.batch`,
`prefetch_queue` with `2 * num_clones` capacity, a `clone_fn` that dequeues.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from deploy68_lib import model_deploy
from deploy68_lib.prefetch_queue import prefetch_queue


class FLAGS(object):
  num_clones = 1
  clone_on_cpu = True
  batch_size = 3
  num_preprocessing_threads = 1
  max_number_of_steps = 4
  learning_rate = 0.01
  dataset_dir = None


def _write_boxes(dataset_dir):
  if not os.path.exists(dataset_dir):
    os.makedirs(dataset_dir)
  rng = np.random.RandomState(1968)
  path = os.path.join(dataset_dir, 'boxes.csv')
  with open(path, 'w') as f:
    for i in range(12):
      day = i % 6 + 1
      temp = 30.0 + 2.5 * day + float(rng.randint(-3, 4))
      ph = 6.4 - 0.3 * day + float(rng.randint(-2, 3)) / 10.0
      f.write('%d,%d,%.1f,%.2f\n' % (i, day, temp, ph))
  return path


def main(data_dir):
  FLAGS.dataset_dir = os.path.join(data_dir, 'h68_cocoa')
  csv_path = _write_boxes(FLAGS.dataset_dir)

  deploy_config = model_deploy.DeploymentConfig(
      num_clones=FLAGS.num_clones, clone_on_cpu=FLAGS.clone_on_cpu)

  with tf.device(deploy_config.variables_device()):
    global_step = tf.train.get_or_create_global_step()

  ######################
  # Select the dataset #
  ######################
  with tf.device(deploy_config.inputs_device()):
    filename_queue = tf.train.string_input_producer([csv_path], shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    box_id, day, temp, ph = tf.decode_csv(line, record_defaults=[[0], [0], [0.0], [0.0]])
    features = tf.stack([tf.cast(day, tf.float32) / 6.0, temp / 50.0])

    box_ids, feature_batch, ph_batch = tf.train.batch(
        [box_id, features, ph],
        batch_size=FLAGS.batch_size,
        num_threads=FLAGS.num_preprocessing_threads,
        capacity=5 * FLAGS.batch_size)
    batch_queue = prefetch_queue(
        [box_ids, feature_batch, ph_batch], capacity=2 * deploy_config.num_clones)

  ####################
  # Define the model #
  ####################
  def clone_fn(batch_queue):
    """Allows data parallelism by creating multiple clones of network_fn."""
    ids, feats, phs = batch_queue.dequeue()
    w = tf.get_variable('ph_weights', [2, 1], initializer=tf.constant_initializer(0.1))
    b = tf.get_variable('ph_bias', [1], initializer=tf.constant_initializer(5.0))
    pred = tf.squeeze(tf.matmul(feats, w) + b, axis=1)
    loss = tf.reduce_mean(tf.square(pred - phs))
    tf.losses.add_loss(loss)
    return ids, feats, phs, loss

  clones = model_deploy.create_clones(deploy_config, clone_fn, [batch_queue])
  ids, feats, phs, loss = clones[0].outputs

  optimizer = tf.train.GradientDescentOptimizer(FLAGS.learning_rate)
  train_op = optimizer.minimize(loss, global_step=global_step)

  batches = []
  sv = tf.train.Supervisor(logdir=None, global_step=global_step, summary_op=None)
  with sv.managed_session() as sess:
    for step in range(FLAGS.max_number_of_steps):
      if sv.should_stop():
        break
      _, i, f, p, l = sess.run([train_op, ids, feats, phs, loss])
      batches.append([i.tolist(), np.round(f, 4).tolist(), np.round(p, 3).tolist(),
                      [round(float(l), 4)]])
    final_step = sess.run(global_step)
  return {"batches": batches, "end": "boxes: %d, steps: %d" % (
      sum(len(b[0]) for b in batches), final_step)}
