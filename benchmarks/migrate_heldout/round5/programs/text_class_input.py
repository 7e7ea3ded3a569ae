"""A language-model-style input class built from a config object: text lines, string_split, a padded batch."""

import os

import numpy as np
import tensorflow.compat.v1 as tf


class SmallConfig(object):
  batch_size = 4
  num_epochs = 1
  delimiter = '\t'


def write_corpus(data_dir):
  path = os.path.join(data_dir, 'h5_text', 'train.txt')
  if not os.path.exists(path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + '.tmp', 'w') as f:
      for i in range(18):
        tokens = ' '.join(str((i * 7 + j) % 50) for j in range(1 + i % 5))
        f.write('%d\t%s\n' % (i % 3, tokens))
    os.replace(path + '.tmp', path)
  return path


def text_producer(data_path, batch_size, num_epochs, delimiter, name=None):
  """Iterate on the lines of the corpus, one padded batch of token ids at a time."""
  with tf.name_scope(name, 'TextProducer', [batch_size]):
    filename_queue = tf.train.string_input_producer([data_path], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    parts = tf.string_split([line], delimiter=delimiter).values
    label = tf.string_to_number(parts[0], out_type=tf.int32)
    tokens = tf.string_to_number(tf.string_split([parts[1]], delimiter=' ').values, out_type=tf.int32)
    length = tf.size(tokens)
    return tf.train.batch([tokens, label, length], batch_size=batch_size, dynamic_pad=True,
                          allow_smaller_final_batch=True)


class TextInput(object):
  """The input data."""

  def __init__(self, config, data_path, name=None):
    self.batch_size = batch_size = config.batch_size
    self.input_data, self.targets, self.lengths = text_producer(
        data_path, batch_size, config.num_epochs, config.delimiter, name=name)


def main(data_dir):
  config = SmallConfig()
  data_path = write_corpus(data_dir)
  with tf.name_scope('Train'):
    train_input = TextInput(config=config, data_path=data_path, name='TrainInput')

  batches = []
  end = None
  with tf.Session() as session:
    session.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=session, coord=coord)
    try:
      for _ in range(1000):
        x, y, n = session.run([train_input.input_data, train_input.targets, train_input.lengths])
        batches.append([np.asarray(x).tolist(), np.asarray(y).tolist(), np.asarray(n).tolist()])
    except tf.errors.OutOfRangeError:
      end = 'OutOfRangeError'
    coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': end}
