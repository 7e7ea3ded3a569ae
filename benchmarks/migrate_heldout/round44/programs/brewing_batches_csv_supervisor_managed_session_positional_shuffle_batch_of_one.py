"""Brewing log: batch number, original gravity (x1000), IBU per row. Reads the log once through a
shuffle_batch given positionally, under a Supervisor's managed session, until the input ends."""
import os

import numpy as np
from tensorflow.compat import v1 as tf


def _csv_data(logdir):
  rng = np.random.RandomState(44)
  data_path = os.path.join(logdir, "brew_log.csv")
  with open(data_path, "w") as f:
    for i in range(12):
      f.write("%d,%d,%d\n" % (200 + i, rng.randint(1040, 1075), rng.randint(12, 70)))
  return data_path


def main(data_dir):
  logdir = os.path.join(data_dir, "h44_brewing_batches")
  if not os.path.isdir(logdir):
    os.makedirs(logdir)
  data_path = _csv_data(logdir)
  # Create an input pipeline that reads the file once.
  filename_queue = tf.train.string_input_producer(
      [data_path], num_epochs=1)
  reader = tf.TextLineReader()
  _, csv = reader.read(filename_queue)
  rec = tf.decode_csv(csv, record_defaults=[[1], [1], [1]])
  shuff_rec = tf.train.shuffle_batch(rec, 1, 6, 4, seed=44)
  sv = tf.train.Supervisor(logdir=None)
  batches = []
  with sv.managed_session("") as sess:
    while not sv.should_stop():
      brew = sess.run(shuff_rec)
      batches.append([col.tolist() for col in brew])
  return {"batches": batches, "end": "brews: %d" % len(batches)}
