"""Text classification input_fn(data_file, num_epochs, shuffle, batch_size) on a DBpedia-like CSV (class, title,
content): features dict {'title', 'content'} and label from shuffle_batch of a dict (two threads), run in a
MonitoredTrainingSession with a global step counter until the epoch ends."""
import csv
import os

import numpy as np
import tensorflow as tf

_CSV_COLUMNS = ['class', 'title', 'content']
_CSV_COLUMN_DEFAULTS = [[0], [''], ['']]


def input_fn(data_file, num_epochs, shuffle, batch_size):
  """Generate an input function for the Estimator."""
  assert tf.io.gfile.exists(data_file), ('%s not found.' % data_file)

  filename_queue = tf.compat.v1.train.string_input_producer([data_file], num_epochs=num_epochs,
                                                            shuffle=False)
  reader = tf.compat.v1.TextLineReader()
  _, value = reader.read(filename_queue)
  columns = tf.io.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
  features = dict(zip(_CSV_COLUMNS, columns))
  features['class'] = features['class'] - 1
  if shuffle:
    features = tf.compat.v1.train.shuffle_batch(features, batch_size=batch_size, capacity=6 * batch_size,
                                                min_after_dequeue=2 * batch_size, num_threads=2)
  else:
    features = tf.compat.v1.train.batch(features, batch_size=batch_size)
  labels = features.pop('class')
  return features, labels


def main(data_dir):
  root = os.path.join(data_dir, 'h32_dbpedia')
  os.makedirs(root, exist_ok=True)
  path = os.path.join(root, 'train.csv')
  rng = np.random.RandomState(14)
  titles = ['Abbey', 'Bridge', 'Comet', 'Delta', 'Elm', 'Fjord', 'Gull', 'Heron', 'Isle', 'Jade', 'Kite', 'Lark']
  with open(path, 'w', newline='') as f:
    w = csv.writer(f)
    for t in titles:
      w.writerow([int(rng.randint(1, 15)), t, ' '.join(['word%d' % rng.randint(10)
                                                        for _ in range(rng.randint(1, 5))])])
  features, labels = input_fn(path, num_epochs=1, shuffle=True, batch_size=4)
  global_step = tf.compat.v1.train.get_or_create_global_step()
  train_op = tf.compat.v1.assign_add(global_step, 1)
  batches = []
  with tf.compat.v1.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                                   log_step_count_steps=None) as sess:
    while not sess.should_stop():
      title, content, label, _ = sess.run([features['title'], features['content'], labels, train_op])
      batches.append([[a.decode(), b.decode(), int(c)] for a, b, c in zip(title, content, label)])
  return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': 'input_fn exhausted after %d steps' % len(batches)}
