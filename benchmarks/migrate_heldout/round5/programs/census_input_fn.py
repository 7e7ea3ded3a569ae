"""A census-style CSV input function: read_up_to rows, decode_csv into a dict, shuffle_batch(enqueue_many)."""

import glob
import multiprocessing
import os

import numpy as np
import tensorflow as tf

CSV_COLUMNS = ['a', 'b', 'label']
CSV_COLUMN_DEFAULTS = [[0], [0.0], [0]]
LABEL_COLUMN = 'label'


def parse_csv(rows_string_tensor):
  """Takes the string input tensor and returns a dict of rank-2 tensors."""
  # Takes a rank-1 tensor and converts it into rank-2 tensor.
  row_columns = tf.expand_dims(rows_string_tensor, -1)
  columns = tf.compat.v1.decode_csv(row_columns, record_defaults=CSV_COLUMN_DEFAULTS)
  features = dict(zip(CSV_COLUMNS, columns))
  return features


def generate_input_fn(filenames, num_epochs=None, shuffle=True, skip_header_lines=0, batch_size=200):
  """Generates an input function for training or evaluation."""

  def _input_fn():
    filename_queue = tf.compat.v1.train.string_input_producer(
        filenames, num_epochs=num_epochs, shuffle=shuffle)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=skip_header_lines)

    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)

    # Parse the CSV File
    features = parse_csv(rows)

    if shuffle:
      # This operation builds up a buffer of rows so that, even between batches,
      # rows are fed to training in a suitably randomized order.
      features = tf.compat.v1.train.shuffle_batch(
          features,
          batch_size,
          capacity=batch_size * 10,
          min_after_dequeue=batch_size * 2 + 1,
          num_threads=min(2, multiprocessing.cpu_count()),
          enqueue_many=True,
          allow_smaller_final_batch=True)
    else:
      features = tf.compat.v1.train.batch(
          features,
          batch_size,
          capacity=batch_size * 10,
          enqueue_many=True,
          allow_smaller_final_batch=True)

    label_tensor = features.pop(LABEL_COLUMN)
    return features, label_tensor

  return _input_fn


def main(data_dir):
  train_files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
  input_fn = generate_input_fn(train_files, num_epochs=1, shuffle=True, skip_header_lines=1, batch_size=16)
  features, labels = input_fn()

  batches = []
  end = None
  with tf.compat.v1.Session() as sess:
    sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        f, l = sess.run([features, labels])
        batches.append({
            'a': np.asarray(f['a']).reshape(-1).tolist(),
            'b': np.asarray(f['b']).reshape(-1).tolist(),
            'label': np.asarray(l).reshape(-1).tolist(),
        })
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': end}
