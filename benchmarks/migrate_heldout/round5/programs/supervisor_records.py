"""A reading-data script under a Supervisor: an inline reader, a parse helper returning a dict, a dict batch."""

import os

import numpy as np
import tensorflow.compat.v1 as tf

BATCH_SIZE = 32


def parse_record(serialized):
  parsed = tf.parse_single_example(serialized, {
      'x': tf.FixedLenFeature([3], tf.float32),
      'label': tf.FixedLenFeature([], tf.int64),
  })
  return {'x': parsed['x'], 'label': parsed['label'], 'total': tf.reduce_sum(parsed['x'])}


def build_inputs(data_dir, batch_size):
  files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
  with tf.name_scope('inputs'):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    example = parse_record(serialized)
    batch = tf.train.batch(example, batch_size=batch_size, capacity=4 * batch_size,
                           allow_smaller_final_batch=True)
  return batch


def main(data_dir):
  batch = build_inputs(data_dir, BATCH_SIZE)
  global_step = tf.train.get_or_create_global_step()
  increment = tf.assign_add(global_step, 1)

  batches = []
  sv = tf.train.Supervisor(logdir=None, summary_op=None, saver=None, global_step=global_step)
  with sv.managed_session() as sess:
    while not sv.should_stop():
      values, _ = sess.run([batch, increment])
      batches.append({k: np.asarray(v).tolist() for k, v in values.items()})
  return {'batches': batches, 'end': 'stopped after %d batches' % len(batches)}
