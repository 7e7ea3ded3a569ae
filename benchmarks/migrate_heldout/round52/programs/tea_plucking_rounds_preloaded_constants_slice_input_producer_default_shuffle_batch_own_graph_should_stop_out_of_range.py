"""Trains a plucking-grade classifier on tea plantation plucking rounds, with the data preloaded
into constants (after how_tos/reading_data/fully_connected_preloaded.py)."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import csv
import os
import time

import numpy as np
import tensorflow.compat.v1 as tf

# Basic model parameters as external flags.
class FLAGS(object):
  learning_rate = 0.01
  num_epochs = 1
  hidden1 = 4
  batch_size = 4
  train_dir = None


Datasets = collections.namedtuple('Datasets', ['train', 'validation'])


class DataSet(object):

  def __init__(self, images, labels):
    self._images = images
    self._labels = labels

  @property
  def images(self):
    return self._images

  @property
  def labels(self):
    return self._labels


def write_rounds(train_dir):
  rng = np.random.RandomState(12)
  if not os.path.isdir(train_dir):
    os.makedirs(train_dir)
  with open(os.path.join(train_dir, 'plucking_rounds.csv'), 'w') as f:
    f.write('round,section,two_leaves_bud_pct,shoot_len_cm,kg_green_leaf,grade\n')
    for r in range(15):
      f.write('%d,%s,%.1f,%.2f,%.1f,%d\n' % (
          r, 'ABC'[r % 3], rng.uniform(40, 90), rng.uniform(2, 6), rng.uniform(10, 40), r % 3))


def read_data_sets(train_dir):
  rows = []
  with open(os.path.join(train_dir, 'plucking_rounds.csv')) as f:
    for row in csv.DictReader(f):
      rows.append(row)
  images = np.array([[float(r['round']), float(r['two_leaves_bud_pct']), float(r['shoot_len_cm']),
                      float(r['kg_green_leaf'])] for r in rows], dtype=np.float32)
  labels = np.array([int(r['grade']) for r in rows], dtype=np.uint8)
  # the last three rounds are kept for validation
  return Datasets(train=DataSet(images[:12], labels[:12]),
                  validation=DataSet(images[12:], labels[12:]))


def inference(images, hidden1_units):
  with tf.name_scope('hidden1'):
    weights = tf.Variable(tf.truncated_normal([4, hidden1_units], stddev=0.1, seed=3), name='weights')
    biases = tf.Variable(tf.zeros([hidden1_units]), name='biases')
    hidden1 = tf.nn.relu(tf.matmul(images, weights) + biases)
  with tf.name_scope('softmax_linear'):
    weights = tf.Variable(tf.truncated_normal([hidden1_units, 3], stddev=0.1, seed=4), name='weights')
    biases = tf.Variable(tf.zeros([3]), name='biases')
    logits = tf.matmul(hidden1, weights) + biases
  return logits


def run_training():
  """Train on the plucking rounds for a number of epochs."""
  # Get the sets of images and labels for training, validation, and
  # test on the plantation's rounds.
  data_sets = read_data_sets(FLAGS.train_dir)
  batches = []

  # Tell TensorFlow that the model will be built into the default Graph.
  with tf.Graph().as_default():
    with tf.name_scope('input'):
      # Input data
      input_images = tf.constant(data_sets.train.images)
      input_labels = tf.constant(data_sets.train.labels)

      image, label = tf.train.slice_input_producer(
          [input_images, input_labels], num_epochs=FLAGS.num_epochs)
      label = tf.cast(label, tf.int32)
      images, labels = tf.train.batch(
          [image, label], batch_size=FLAGS.batch_size)

    # Build a Graph that computes predictions from the inference model.
    logits = inference(images, FLAGS.hidden1)

    # Add to the Graph the Ops for loss calculation.
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
        labels=tf.to_int64(labels), logits=logits), name='xentropy_mean')

    # Add to the Graph the Ops that calculate and apply gradients.
    train_op = tf.train.GradientDescentOptimizer(FLAGS.learning_rate).minimize(loss)

    # Create the op for initializing variables.
    init_op = tf.group(tf.global_variables_initializer(),
                       tf.local_variables_initializer())

    # Create a session for running Ops on the Graph.
    sess = tf.Session()

    # Run the Op to initialize the variables.
    sess.run(init_op)

    # Start input enqueue threads.
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)

    # And then after everything is built, start the training loop.
    try:
      step = 0
      while not coord.should_stop():
        start_time = time.time()

        # Run one step of the model.
        _, image_values, label_values = sess.run([train_op, images, labels])
        batches.append([image_values.tolist(), label_values.tolist()])

        duration = time.time() - start_time

        # Write the summaries and print an overview fairly often.
        if step % 100 == 0:
          # Print status to stdout.
          print('Step %d: (%.3f sec)' % (step, duration))
        step += 1
    except tf.errors.OutOfRangeError:
      print('Saving')
      print('Done training for %d epochs, %d steps.' % (FLAGS.num_epochs, step))
    finally:
      # When done, ask the threads to stop.
      coord.request_stop()

    # Wait for threads to finish.
    coord.join(threads)
    sess.close()
  return batches


def main(data_dir):
  FLAGS.train_dir = os.path.join(data_dir, 'h52_tea_plucking')
  write_rounds(FLAGS.train_dir)
  batches = run_training()
  return {"batches": batches, "end": "plucking rounds: %d" % sum(len(b[1]) for b in batches)}
