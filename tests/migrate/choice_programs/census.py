"""A census-style input_fn: read_up_to rows into a dict, shuffle_batch or batch (enqueue_many) by an inline if on the shuffle flag."""

import glob
import os

import numpy as np
import tensorflow as tf

COLUMNS = ['a', 'b', 'label']
DEFAULTS = [[0], [0.0], [0]]


def parse_rows(rows):
  columns = tf.compat.v1.decode_csv(tf.expand_dims(rows, -1), record_defaults=DEFAULTS)
  return dict(zip(COLUMNS, columns))


def make_input_fn(filenames, shuffle, batch_size=10):
  def _input_fn():
    filename_queue = tf.compat.v1.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
    features = parse_rows(rows)
    if shuffle:
      # rows mixed between batches
      features = tf.compat.v1.train.shuffle_batch(
          features, batch_size, capacity=batch_size * 10, min_after_dequeue=batch_size * 2,
          num_threads=2, enqueue_many=True, allow_smaller_final_batch=True)
    else:
      features = tf.compat.v1.train.batch(features, batch_size, capacity=batch_size * 10, enqueue_many=True,
                                          allow_smaller_final_batch=True)
    label = features.pop('label')
    return features, label
  return _input_fn


def _drain(sess, fetch):
  out = []
  try:
    while True:
      f, l = sess.run(fetch)
      out.append([np.asarray(f['a']).tolist(), np.asarray(f['b']).tolist(), np.asarray(l).tolist()])
  except tf.errors.OutOfRangeError:
    return out, 'OutOfRangeError'


def main(data_dir):
  files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
  train = make_input_fn(files, True)()
  evaluation = make_input_fn(files, False)()
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    ordered, end = _drain(sess, evaluation)
    shuffled, end2 = _drain(sess, train)
    coord.request_stop()
    coord.join(threads)
  rows = sorted(zip(*[sum((b[k] for b in shuffled), []) for k in range(3)]))
  return {'batches': ordered + [[len(shuffled), [list(r) for r in rows]]], 'end': end if end == end2 else None}
