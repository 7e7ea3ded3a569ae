"""attention_ocr train.py wiring: a namedtuple dataset from a package's submodule, get_data, endpoints read."""
import os

import tensorflow.compat.v1 as tf

from fixb_lib import data_provider
from fixb_lib import datasets
from fixb_lib import writer


def main(data_dir):
  dataset_dir = os.path.join(data_dir, 'fixb_garden')
  writer.write_split(dataset_dir, 'train', 8, 5)
  dataset = datasets.plots.get_split('train', dataset_dir)
  data = data_provider.get_data(dataset, 4, num_epochs=1)
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        images, labels, weights = sess.run([data.images, data.labels, data.weights])
        batches.append([images.tolist(), labels.tolist(), weights.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'rows: %d' % sum(len(b[1]) for b in batches)}
