"""Volcanic ash samples: space-delimited rows (sample id, SiO2 wt%, grain size mm, eruption-style class)
read by read_from_csv(filename_queue) and shuffled by input_pipeline(batch_size, num_epochs)."""
from __future__ import print_function
import os
import numpy as np
import tensorflow.compat.v1 as tf


def write_samples(folder):
  rng = np.random.RandomState(44)
  path = os.path.join(folder, "ash_dense_labels.txt")
  with open(path, "w") as f:
    for i in range(12):
      f.write("%d %.2f %.3f %d\n" % (300 + i, rng.uniform(45, 74), rng.uniform(0.06, 2.0), i % 3))
  return path


def read_from_csv(filename_queue):
  reader = tf.TextLineReader()
  _, csv_row = reader.read(filename_queue)
  record_defaults = [[0], [0.], [0.], [0]]
  colId, colSilica, colGrain, colLabel = tf.decode_csv(csv_row, field_delim=" ", record_defaults=record_defaults)
  features = tf.stack([colSilica, colGrain])
  label = tf.stack([colLabel])
  return colId, features, label


def input_pipeline(path, batch_size, num_epochs=None):
  filename_queue = tf.train.string_input_producer([path], num_epochs=num_epochs, shuffle=True, seed=44)
  sample_id, example, label = read_from_csv(filename_queue)
  min_after_dequeue = 4
  capacity = min_after_dequeue + 3 * batch_size
  id_batch, example_batch, label_batch = tf.train.shuffle_batch(
      [sample_id, example, label], batch_size=batch_size, capacity=capacity,
      min_after_dequeue=min_after_dequeue, seed=44)
  return id_batch, example_batch, label_batch


def main(data_dir):
  folder = os.path.join(data_dir, "h44_volcanic_ash")
  if not os.path.isdir(folder):
    os.makedirs(folder)
  path = write_samples(folder)
  file_length = 4
  ids, examples, labels = input_pipeline(path, file_length, 1)
  batches = []
  with tf.Session() as sess:
    tf.initialize_all_variables().run()
    tf.initialize_local_variables().run()

    # start populating filename queue
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(coord=coord)

    try:
      while not coord.should_stop():
        id_batch, example_batch, label_batch = sess.run([ids, examples, labels])
        batches.append([id_batch.tolist(), np.round(example_batch.astype(np.float64), 3).tolist(),
                        label_batch.tolist()])
    except tf.errors.OutOfRangeError:
      end = "Done training, epoch reached"
    finally:
      coord.request_stop()

    coord.join(threads)
  return {"batches": batches, "end": "%s: %d samples" % (end, sum(len(b[0]) for b in batches))}
