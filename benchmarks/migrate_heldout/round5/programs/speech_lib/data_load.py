"""Feature loading for a speech model: file names sliced from a tensor, features loaded by a py_func."""

import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


class Hyperparams(object):
  batch_size = 3
  n_mfcc = 2
  num_frames = 4
  num_threads = 2


hp = Hyperparams


def write_features(data_dir, count=10):
  """Writes the tiny feature files the loader reads (once)."""
  out_dir = os.path.join(data_dir, 'h5_speech')
  os.makedirs(out_dir, exist_ok=True)
  for i in range(count):
    path = os.path.join(out_dir, 'utt-%02d.npy' % i)
    if not os.path.exists(path):
      frames = np.arange(hp.num_frames * hp.n_mfcc, dtype=np.float32).reshape(hp.num_frames, hp.n_mfcc) + 100 * i
      np.save(path, frames)


def load_data(data_dir):
  return sorted(glob.glob(os.path.join(data_dir, 'h5_speech', '*.npy')))


def get_mfccs_and_phones(wav_file):
  """Loads the features of one utterance and derives its per-frame phone ids."""
  path = wav_file.decode('utf8') if isinstance(wav_file, bytes) else wav_file
  mfccs = np.load(path).astype(np.float32)
  phns = (mfccs[:, 0].astype(np.int32) // 2) % 61
  return mfccs, phns


def get_batch(data_dir, mode='train1'):
  """Loads data and put them in mini batch queues."""
  with tf.device('/cpu:0'):
    # Load data
    wav_files = load_data(data_dir)

    # calc total batch count
    num_batch = len(wav_files) // hp.batch_size

    # Convert to tensor
    wav_files = tf.convert_to_tensor(wav_files)

    if mode in ('train1', 'test1'):
      # Create Queues
      wav_file, = tf.train.slice_input_producer([wav_files, ], shuffle=True, num_epochs=1)

      # Get inputs and target
      x, y = tf.py_func(get_mfccs_and_phones, [wav_file], [tf.float32, tf.int32])
      x.set_shape([None, hp.n_mfcc])
      y.set_shape([None])

      # create batch queues
      x, y = tf.train.batch([x, y],
                            shapes=[(None, hp.n_mfcc), (None,)],
                            num_threads=hp.num_threads,
                            batch_size=hp.batch_size,
                            capacity=hp.batch_size * 32,
                            dynamic_pad=True,
                            allow_smaller_final_batch=True)
      return x, y, num_batch
    raise ValueError('unknown mode ' + mode)
