import os
import shutil

import numpy as np
import tensorflow as tf

# Voltage at the end of each charge / discharge cycle of a lithium cell, one cell per line:
# the first values are the inputs, the last one is what the model should predict.

SEQ_LEN = 6
DEFAULTS = [[0.0] for x in range(0, SEQ_LEN)]
BATCH_SIZE = 4
TIMESERIES_COL = 'rawdata'
N_OUTPUTS = 1  # in each sequence, 1-5 are features, and 6 is label
N_INPUTS = SEQ_LEN - N_OUTPUTS


class ModeKeys(object):
  # tf.contrib.learn.ModeKeys in the original
  TRAIN = 'train'
  EVAL = 'eval'
  INFER = 'infer'


# read data and convert to needed format
def read_dataset(filename, mode=ModeKeys.TRAIN):
  def _input_fn():
    num_epochs = 100 if mode == ModeKeys.TRAIN else 1

    # could be a path to one file or a file pattern.
    input_file_names = tf.compat.v1.train.match_filenames_once(filename)
    # the producer needs a plain tensor in this TensorFlow (the variable is read once here)
    input_file_names = tf.convert_to_tensor(input_file_names)

    filename_queue = tf.compat.v1.train.string_input_producer(
        input_file_names, num_epochs=num_epochs, shuffle=True, seed=67)
    reader = tf.compat.v1.TextLineReader()
    _, value = reader.read_up_to(filename_queue, num_records=BATCH_SIZE)

    value_column = tf.expand_dims(value, -1, name='value')
    # print('readcsv={}'.format(value_column))

    # all_data is a list of tensors
    all_data = tf.compat.v1.decode_csv(value_column, record_defaults=DEFAULTS)
    inputs = all_data[:len(all_data)-N_OUTPUTS]  # first few values
    label = all_data[len(all_data)-N_OUTPUTS : ] # last few values

    # from list of tensors to tensor with one more dimension
    inputs = tf.concat(inputs, axis=1)
    label = tf.concat(label, axis=1)
    # print('inputs={}'.format(inputs))

    return {TIMESERIES_COL: inputs}, label   # dict of features, label

  return _input_fn


def write_cells(folder):
  rng = np.random.RandomState(67)
  for part in range(2):
    with open(os.path.join(folder, 'cells-%d.csv' % part), 'w') as f:
      for cell in range(8):
        v0 = 4.2 - 0.01 * cell - 0.05 * part
        fade = rng.uniform(0.01, 0.04)
        seq = [v0 - fade * k for k in range(SEQ_LEN)]
        f.write(','.join('%.3f' % v for v in seq) + '\n')


def main(data_dir):
  folder = os.path.join(data_dir, 'h67_battery')
  shutil.rmtree(folder, ignore_errors=True)
  os.makedirs(folder)
  write_cells(folder)

  features, label = read_dataset(os.path.join(folder, 'cells-*.csv'), mode=ModeKeys.EVAL)()
  # a linear "model" over the sequence, as in the course's first notebook
  w = tf.compat.v1.get_variable('w', [N_INPUTS, N_OUTPUTS],
                                initializer=tf.compat.v1.constant_initializer(1.0 / N_INPUTS))
  predictions = tf.matmul(features[TIMESERIES_COL], w)
  rmse = tf.sqrt(tf.reduce_mean(tf.square(predictions - label)))

  batches = []
  with tf.compat.v1.Session() as sess:
    sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        x, y, p = sess.run([features[TIMESERIES_COL], label, predictions])
        batches.append([np.round(x, 3).tolist(), np.round(y, 3).tolist(), np.round(p, 3).tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': {'cells': sum(len(b[0]) for b in batches)}}
