"""Create general input functions for training and evaluation using queue runners"""

import tensorflow.compat.v1 as tf


def input_fn(record_files, spec, shuffle=True, batch_size=64, num_epochs=None):
  """General input functions

  Args:
    record_files: (list) A list of tfrecord files
    spec: (dict) feature column parsing specification
    shuffle: (bool) whether to shuffle
    batch_size: (int) batch size

  Returns:
    dataset batch tensors and init op
  """
  filename_queue = tf.train.string_input_producer(record_files, shuffle=shuffle,
                                                  num_epochs=num_epochs, seed=2)
  reader = tf.TFRecordReader()
  _, serialized = reader.read(filename_queue)
  if shuffle:
    next_batch = tf.train.shuffle_batch([serialized], batch_size=batch_size,
                                        capacity=4 * batch_size, min_after_dequeue=batch_size,
                                        seed=2)
  else:
    next_batch = tf.train.batch([serialized], batch_size=batch_size)

  features = tf.parse_example(next_batch, features=spec)
  labels = features.pop('label')
  #labels = features['label']

  inputs = {
    'features': features,
    'labels': labels,
    'iterator_init_op': tf.local_variables_initializer()
  }

  return inputs
