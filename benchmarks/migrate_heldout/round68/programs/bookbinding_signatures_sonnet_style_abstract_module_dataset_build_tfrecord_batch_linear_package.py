"""Bookbinding workshop: estimate the sewing time of a book from its signatures.

The dataset is a Sonnet module (`_build` returns the batched tensors), the
estimator a `snt.Linear`.
"""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf

from snt68_lib import sonnet_lite as snt


BookBatch = collections.namedtuple(
    "BookBatch", ["book_id", "signatures", "thread_gauge", "sheet_dims"])


class Config(object):
  NUM_CLASSES = 3  # coptic, kettle stitch, long stitch
  DATASET_DIR = "/tmp/bookbinding"
  NUM_EPOCHS = 1
  BATCH_SIZE = 4
  TRAIN_SUBSET = "train"


class Dataset(snt.AbstractModule):
  """Reads the workshop's book records."""

  def __init__(self, config, **kwargs):
    self._cfg = config
    self._num_classes = kwargs.pop('num_classes', self._cfg.NUM_CLASSES)
    self._dataset_dir = kwargs.pop('dataset_dir', self._cfg.DATASET_DIR)
    self._num_epochs = kwargs.pop('num_epochs', self._cfg.NUM_EPOCHS)
    self._batch_size = kwargs.pop('batch_size', self._cfg.BATCH_SIZE)
    self._subset = kwargs.pop('subset', self._cfg.TRAIN_SUBSET)

    super(Dataset, self).__init__(**kwargs)

  def _build(self):
    pattern = os.path.join(self._dataset_dir, "%s-*.tfrecords" % self._subset)
    filenames = sorted(glob.glob(pattern))
    filename_queue = tf.train.string_input_producer(
        filenames, num_epochs=self._num_epochs, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(
        serialized,
        features={
            "book_id": tf.FixedLenFeature([], tf.int64),
            "signatures": tf.FixedLenFeature([], tf.int64),
            "thread_gauge": tf.FixedLenFeature([], tf.float32),
            "sheet_dims": tf.FixedLenFeature([2], tf.float32),
        })
    book = BookBatch(
        book_id=parsed["book_id"],
        signatures=tf.cast(parsed["signatures"], tf.int32),
        thread_gauge=parsed["thread_gauge"],
        sheet_dims=parsed["sheet_dims"])
    batch = tf.train.batch(list(book), batch_size=self._batch_size,
                           num_threads=1, capacity=4 * self._batch_size,
                           allow_smaller_final_batch=True)
    return BookBatch(*batch)


def _write_books(dataset_dir):
  if not os.path.isdir(dataset_dir):
    os.makedirs(dataset_dir)
  rng = np.random.RandomState(68)
  book = 0
  for shard in range(2):
    path = os.path.join(dataset_dir, "train-%05d-of-00002.tfrecords" % shard)
    with tf.python_io.TFRecordWriter(path) as writer:
      for _ in range(5):
        example = tf.train.Example(features=tf.train.Features(feature={
            "book_id": tf.train.Feature(int64_list=tf.train.Int64List(value=[book])),
            "signatures": tf.train.Feature(
                int64_list=tf.train.Int64List(value=[int(rng.randint(3, 13))])),
            "thread_gauge": tf.train.Feature(
                float_list=tf.train.FloatList(value=[float(rng.choice([18., 25., 35.]))])),
            "sheet_dims": tf.train.Feature(float_list=tf.train.FloatList(
                value=[float(rng.randint(14, 30)), float(rng.randint(20, 42))])),
        }))
        writer.write(example.SerializeToString())
        book += 1


def main(data_dir):
  dataset_dir = os.path.join(data_dir, "h68_bookbinding")
  _write_books(dataset_dir)

  dataset = Dataset(Config, dataset_dir=dataset_dir, name="bookbinding_dataset")
  books = dataset()
  features = tf.concat([
      tf.expand_dims(tf.cast(books.signatures, tf.float32), 1),
      tf.expand_dims(books.thread_gauge / 10.0, 1),
      books.sheet_dims / 10.0], axis=1)
  estimator = snt.Linear(output_size=1, name="sewing_hours")
  hours = tf.squeeze(estimator(features), axis=1)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        b, h = sess.run([books, hours])
        batches.append([b.book_id.tolist(), b.signatures.tolist(),
                        np.round(b.thread_gauge, 3).tolist(),
                        np.round(b.sheet_dims, 3).tolist(), np.round(h, 3).tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "books: %d" % sum(len(b[0]) for b in batches)}
