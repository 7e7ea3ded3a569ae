"""Spore-print measurement sequences (length, width in microns per spore) labelled by ornamentation.

Training loop in the style of magenta's events_rnn_train: the batch comes from
sequence_example_lib.get_padded_batch and the number of steps from count_records.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from myco48_lib import sequence_example_lib

INPUT_SIZE = 2
BATCH_SIZE = 5


def write_records(sequence_example_file):
  rng = np.random.RandomState(4808)
  with tf.python_io.TFRecordWriter(sequence_example_file) as writer:
    for i in range(10):
      n = 1 + (i * 3) % 5
      spores = np.round(rng.uniform(4.0, 12.0, size=(n, INPUT_SIZE)), 2).tolist()
      labels = rng.randint(0, 3, size=n).tolist()
      writer.write(sequence_example_lib.make_sequence_example(spores, labels).SerializeToString())


def build_graph(sequence_example_file_paths):
  inputs, labels, lengths = sequence_example_lib.get_padded_batch(
      sequence_example_file_paths, BATCH_SIZE, INPUT_SIZE,
      num_enqueuing_threads=1, shuffle=False)
  tf.add_to_collection('inputs', inputs)
  tf.add_to_collection('labels', labels)
  tf.add_to_collection('lengths', lengths)
  ratio = tf.where(tf.sequence_mask(lengths), inputs[:, :, 0] / inputs[:, :, 1],
                   tf.zeros_like(inputs[:, :, 0]))
  tf.add_to_collection('ratio', ratio)
  return tf.get_default_graph()


def run_training(graph, num_training_steps):
  inputs = graph.get_collection('inputs')[0]
  labels = graph.get_collection('labels')[0]
  lengths = graph.get_collection('lengths')[0]
  ratio = graph.get_collection('ratio')[0]
  results = []
  with tf.Session(graph=graph) as sess:
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    global_step = 0
    while global_step < num_training_steps:
      x, y, n, r = sess.run([inputs, labels, lengths, ratio])
      results.append([x.astype(np.float64).round(3).tolist(), y.tolist(), n.tolist(),
                      r.astype(np.float64).round(4).tolist()])
      global_step += 1
    coord.request_stop()
    coord.join(threads)
  return results


def main(data_dir):
  out = os.path.join(data_dir, 'h48_mushroom_spores')
  tf.gfile.MakeDirs(out)
  path = os.path.join(out, 'spore_sequences.tfrecord')
  write_records(path)
  file_list = [path]
  num_steps = sequence_example_lib.count_records(file_list) // BATCH_SIZE
  graph = build_graph(file_list)
  batches = run_training(graph, num_steps)
  return {'batches': batches, 'end': 'training steps: %d' % num_steps}
