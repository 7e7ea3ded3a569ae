"""Steelpan practice takes for an Onsets-and-Frames style transcription evaluation: data.provide_batch(batch_size,
examples, hparams, is_training=False) reads the TFRecord of takes through its own filename producer, turns audio
into a spectrogram and notes into frame / onset piano rolls with `py_func`, batches with dynamic padding and a
smaller final batch, and returns a TranscriptionData namedtuple (as infer_util / onsets_frames_transcription_infer
use it)."""
import collections
import os

import numpy as np
import tensorflow.compat.v1 as tf

from onf66_lib import constants
from onf66_lib import data

HParams = collections.namedtuple('HParams', ['sample_rate', 'spec_type'])


def _write_takes(path):
  rng = np.random.RandomState(6629)
  writer = tf.python_io.TFRecordWriter(path)
  for take in range(7):
    num_samples = 4 * (3 + take % 4) + 4
    audio = np.round(rng.uniform(-1, 1, size=num_samples), 3).tolist()
    num_frames = 1 + (num_samples - constants.FRAME_LENGTH) // constants.HOP_LENGTH
    notes = []
    for _ in range(1 + take % 2):
      onset = int(rng.randint(0, num_frames))
      notes.extend([onset, onset + 2, constants.MIN_MIDI_PITCH + int(rng.randint(0, constants.MIDI_PITCHES))])
    feature = {
        'id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[('take_%02d' % take).encode()])),
        'notes': tf.train.Feature(int64_list=tf.train.Int64List(value=notes)),
        'audio': tf.train.Feature(float_list=tf.train.FloatList(value=audio)),
        'velocity_range': tf.train.Feature(int64_list=tf.train.Int64List(value=[40, 100 + take])),
    }
    writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
  writer.close()


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_steelpan_takes')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  examples_path = os.path.join(out_dir, 'practice_takes.tfrecord')
  _write_takes(examples_path)

  hparams = HParams(sample_rate=constants.DEFAULT_SAMPLE_RATE, spec_type='stft')
  with tf.name_scope('transcription'):
    batch = data.provide_batch(
        batch_size=3, examples=examples_path, hparams=hparams, is_training=False)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        b = sess.run(batch)
        batches.append([[f.decode() for f in b.filenames.tolist()], b.lengths.tolist(),
                        np.round(b.spec, 3).tolist(), b.labels.tolist(), b.onsets.tolist(),
                        b.velocity_range.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'takes: %d' % sum(len(b[0]) for b in batches)}
