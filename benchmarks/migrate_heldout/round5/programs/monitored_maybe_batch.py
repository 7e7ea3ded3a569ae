"""A monitored training loop with a step hook; the input keeps only some records (maybe_batch)."""

import os

import tensorflow.compat.v1 as tf1
from tensorflow.compat import v1 as tf

LAST_STEP = 6


def input_pipeline(pattern, batch_size):
  files = sorted(tf.gfile.Glob(pattern))
  filename_queue = tf.train.string_input_producer(files, shuffle=False)
  reader = tf.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  features = tf.parse_single_example(serialized, features={
      'x': tf.FixedLenFeature([3], tf.float32),
      'label': tf.FixedLenFeature([], tf.int64),
  })
  keep = tf.not_equal(tf.mod(features['label'], 3), 0)
  x_batch, label_batch = tf.train.maybe_batch(
      [features['x'], features['label']], keep_input=keep, batch_size=batch_size, capacity=3 * batch_size)
  return x_batch, label_batch


def main(data_dir):
  x_batch, label_batch = input_pipeline(os.path.join(data_dir, 'records-*.tfrecord'), batch_size=7)
  global_step = tf1.train.get_or_create_global_step()
  train_op = tf1.assign_add(global_step, 1)

  hooks = [tf.train.StopAtStepHook(last_step=LAST_STEP)]
  batches = []
  with tf.train.MonitoredTrainingSession(hooks=hooks, save_checkpoint_secs=None,
                                         save_summaries_steps=None, log_step_count_steps=None) as sess:
    while not sess.should_stop():
      xs, labels, _ = sess.run([x_batch, label_batch, train_op])
      batches.append([xs.tolist(), labels.tolist()])
  return {'batches': batches, 'end': 'steps'}
