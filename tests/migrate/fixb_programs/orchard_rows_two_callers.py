"""Two splits through the same get_data, imported by name; the dataset module imported by name too."""
import os

import tensorflow as tf

from fixb_lib.data_provider import get_data
from fixb_lib.datasets import plots
from fixb_lib.writer import write_split


def main(data_dir):
  dataset_dir = os.path.join(data_dir, 'fixb_orchard')
  write_split(dataset_dir, 'train', 8, 11)
  write_split(dataset_dir, 'test', 4, 12)
  train = plots.get_split('train', dataset_dir)
  test = plots.get_split('test', dataset_dir)
  train_data = get_data(train, 4, shuffle=False, num_epochs=1)
  test_data = get_data(test, 2, num_epochs=1)
  batches = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      for data in (train_data, test_data):
        try:
          while True:
            labels, weights = sess.run([data.labels, data.weights])
            batches.append([labels.tolist(), weights.tolist()])
        except tf.errors.OutOfRangeError:
          pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'rows: %d' % sum(len(b[0]) for b in batches)}
