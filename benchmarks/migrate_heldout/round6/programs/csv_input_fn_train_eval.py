"""Train and eval input functions of a CSV classifier in one file: `input_fn(data_files, num_epochs,
shuffle, batch_size)` decodes columns into a dict (`dict(zip(_CSV_COLUMNS, columns))`, the label popped and
turned into a boolean target) and batches the dict; `train_input_fn` / `eval_input_fn` closures. The script
runs a few training steps, then evaluates until the eval epoch ends; `start_queue_runners()` without
arguments, inside the session's `with` block.
"""

import os

import tensorflow.compat.v1 as tf

_CSV_COLUMNS = ['a', 'b', 'label']
_CSV_COLUMN_DEFAULTS = [[0], [0.0], [0]]
TRAIN_STEPS = 4


def input_fn(data_files, num_epochs, shuffle, batch_size):
  """Generate an input function for the Estimator."""
  assert all(tf.gfile.Exists(f) for f in data_files), (
      '%s not found. Please make sure you have run the data download script first.' % data_files)

  def parse_csv(value):
    tf.logging.info('Parsing {}'.format(data_files))
    columns = tf.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    labels = features.pop('label')
    return features, tf.equal(labels, 3)

  filename_queue = tf.train.string_input_producer(data_files, num_epochs=num_epochs, shuffle=shuffle)
  reader = tf.TextLineReader(skip_header_lines=1)
  _, value = reader.read(filename_queue)
  features, labels = parse_csv(value)
  features['is_three'] = labels
  batch = tf.train.batch(features, batch_size=batch_size, num_threads=1,
                         capacity=4 * batch_size, allow_smaller_final_batch=num_epochs is not None)
  labels = batch.pop('is_three')
  return batch, labels


def main(data_dir):
  train_files = [os.path.join(data_dir, 'table-%d.csv' % i) for i in (0, 1)]
  eval_files = [os.path.join(data_dir, 'table-2.csv')]

  def train_input_fn():
    return input_fn(train_files, num_epochs=None, shuffle=False, batch_size=8)

  def eval_input_fn():
    return input_fn(eval_files, num_epochs=1, shuffle=False, batch_size=20)

  with tf.name_scope('train'):
    train_features, train_labels = train_input_fn()
  with tf.name_scope('eval'):
    eval_features, eval_labels = eval_input_fn()

  batches = []
  end = None
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    tf.train.start_queue_runners()
    for _ in range(TRAIN_STEPS):
      feats, labs = sess.run([train_features, train_labels])
      batches.append({'a': feats['a'].tolist(), 'b': feats['b'].tolist(), 'is_three': labs.tolist()})
    while True:
      try:
        feats, labs = sess.run([eval_features, eval_labels])
      except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
        break
      batches.append({'a': feats['a'].tolist(), 'b': feats['b'].tolist(), 'is_three': labs.tolist()})
  return {"batches": batches, "end": end}
