import os

import numpy as np
import tensorflow as tf

GENRES = ['blues', 'jazz', 'rock']
SPECGRAM_SHAPE = [6]
CLIPS_PER_GENRE = 4


def read_and_decode(filename_queue, specgram_shape):

  reader = tf.compat.v1.TFRecordReader()
  # Read an example from the TFRecords file.
  _, example = reader.read(filename_queue)
  features = tf.compat.v1.parse_single_example(example, features={
    'spectrum': tf.compat.v1.FixedLenFeature([], tf.string),
    'label': tf.compat.v1.FixedLenFeature([], tf.int64)
  })
  spectrum = tf.compat.v1.decode_raw(features['spectrum'], tf.float32)
  spectrum.set_shape(specgram_shape)
  label = tf.cast(features['label'], tf.int64)
  return spectrum, label


def read_inputs(file_paths, batch_size=64, capacity=1000,
                min_after_dequeue=900, num_threads=2,
                specgram_shape=None):

  with tf.compat.v1.name_scope('input'):
    filename_queue = tf.compat.v1.train.string_input_producer(file_paths, num_epochs=1)
    spectrum, label = read_and_decode(filename_queue, specgram_shape)
    spectrums, labels = tf.compat.v1.train.shuffle_batch(
      [spectrum, label], batch_size=batch_size, num_threads=num_threads,
      capacity=capacity, min_after_dequeue=min_after_dequeue)
    return spectrums, labels


def write_genre_records(folder):
  rng = np.random.RandomState(2039)
  paths = []
  for label, genre in enumerate(GENRES):
    path = os.path.join(folder, '%s.tfrecords' % genre)
    with tf.io.TFRecordWriter(path) as writer:
      for _ in range(CLIPS_PER_GENRE):
        spec = np.round(np.abs(rng.normal(label + 1.0, 0.5, SPECGRAM_SHAPE)), 3).astype(np.float32)
        ex = tf.train.Example(features=tf.train.Features(feature={
          'spectrum': tf.train.Feature(bytes_list=tf.train.BytesList(value=[spec.tobytes()])),
          'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
        }))
        writer.write(ex.SerializeToString())
    paths.append(path)
  return paths


def main(data_dir):
  folder = os.path.join(data_dir, 'h39_music_genre_specgram')
  if not os.path.isdir(folder):
    os.makedirs(folder)
  file_paths = write_genre_records(folder)

  spectrums, labels = read_inputs(file_paths, batch_size=4, capacity=20, min_after_dequeue=5,
                                  specgram_shape=SPECGRAM_SHAPE)

  batches = []
  with tf.compat.v1.train.MonitoredSession() as sess:
    while not sess.should_stop():
      s, l = sess.run([spectrums, labels])
      batches.append([s.tolist(), l.tolist()])
  return {"batches": batches, "end": "clips: %d" % sum(len(b[1]) for b in batches)}
