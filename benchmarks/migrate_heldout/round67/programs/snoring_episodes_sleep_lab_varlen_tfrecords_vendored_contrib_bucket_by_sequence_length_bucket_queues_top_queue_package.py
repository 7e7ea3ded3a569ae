"""Snoring episodes from a sleep lab's bedside microphone: per-frame loudness of each episode.

Episodes differ a lot in length, so they are bucketed by length before batching (the old
tf.contrib.training.bucket_by_sequence_length, vendored in bucket67_lib).
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from bucket67_lib import bucket_ops

FLAGS = type('Flags', (), {})()
FLAGS.batch_size = 2
FLAGS.bucket_boundaries = [4, 7]
FLAGS.num_epochs = 1


def write_night(path):
  rng = np.random.RandomState(67)
  lengths = [2, 5, 8, 3, 4, 9, 3, 6, 7, 2, 5, 8]
  with tf.io.TFRecordWriter(path) as writer:
    for episode, n in enumerate(lengths):
      loudness = np.round(40 + 20 * rng.uniform(size=n), 1)
      ex = tf.train.Example(features=tf.train.Features(feature={
          'episode_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[episode])),
          'loudness_db': tf.train.Feature(float_list=tf.train.FloatList(value=loudness)),
      }))
      writer.write(ex.SerializeToString())


def read_episode(filename_queue):
  reader = tf.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  parsed = tf.parse_single_example(serialized, features={
      'episode_id': tf.FixedLenFeature([], tf.int64),
      'loudness_db': tf.VarLenFeature(tf.float32),
  })
  loudness = tf.sparse_tensor_to_dense(parsed['loudness_db'])
  length = tf.shape(loudness)[0]
  return parsed['episode_id'], loudness, length


def inputs(filenames):
  filename_queue = tf.train.string_input_producer(
      filenames, num_epochs=FLAGS.num_epochs, shuffle=False)
  episode_id, loudness, length = read_episode(filename_queue)
  lengths, (ids, frames) = bucket_ops.bucket_by_sequence_length(
      input_length=length,
      tensors=[episode_id, loudness],
      batch_size=FLAGS.batch_size,
      bucket_boundaries=FLAGS.bucket_boundaries,
      capacity=16,
      dynamic_pad=True,
      allow_smaller_final_batch=True)
  return lengths, ids, frames


def main(data_dir):
  folder = os.path.join(data_dir, 'h67_snoring')
  if not os.path.exists(folder):
    os.makedirs(folder)
  path = os.path.join(folder, 'night_01.tfrecords')
  write_night(path)

  lengths, ids, frames = inputs([path])
  mean_loudness = tf.reduce_sum(frames, axis=1) / tf.cast(lengths, tf.float32)

  batches = []
  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      l, i, f, m = sess.run([lengths, ids, frames, mean_loudness])
      batches.append([l.tolist(), i.tolist(), np.round(f, 1).tolist(), np.round(m, 2).tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {'batches': batches, 'end': {'episodes': sum(len(b[0]) for b in batches)}}
