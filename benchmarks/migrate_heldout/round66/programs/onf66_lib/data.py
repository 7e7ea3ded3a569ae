# After magenta/models/onsets_frames_transcription/data.py in its first, queue-based version (late 2017), rewritten by
# the writer: the spectrogram is a small numpy STFT in `py_func` (librosa is not installed), notes are stored as
# (onset frame, offset frame, pitch) triples instead of NoteSequence protos.
"""Shared methods for providing data to transcription models."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections

import numpy as np
import tensorflow.compat.v1 as tf

from onf66_lib import constants


def wav_to_spec(wav_audio, hparams):
  """Transforms the contents of a wav file into a series of spectrograms."""
  del hparams
  y = np.asarray(wav_audio, dtype=np.float32)
  num_frames = 1 + (len(y) - constants.FRAME_LENGTH) // constants.HOP_LENGTH
  frames = np.stack([y[i * constants.HOP_LENGTH:i * constants.HOP_LENGTH + constants.FRAME_LENGTH]
                     for i in range(num_frames)])
  spec = np.abs(np.fft.rfft(frames * np.hanning(constants.FRAME_LENGTH), axis=1))
  # Convert to float32 and round so the values do not depend on the FFT's last bits.
  return np.round(spec, 4).astype(np.float32)


def sequence_to_pianoroll(notes, num_frames):
  """Returns frame and onset labels for (onset, offset, pitch) triples."""
  notes = np.asarray(notes, dtype=np.int64).reshape([-1, 3])
  roll = np.zeros((num_frames, constants.MIDI_PITCHES), dtype=np.float32)
  onsets = np.zeros((num_frames, constants.MIDI_PITCHES), dtype=np.float32)
  for onset, offset, pitch in notes:
    column = pitch - constants.MIN_MIDI_PITCH
    roll[onset:min(offset, num_frames), column] = 1.0
    if onset < num_frames:
      onsets[onset, column] = 1.0
  return roll, onsets


def _get_input_tensors_from_examples_list(examples_list, is_training):
  """Get input tensors from a list or placeholder of examples."""
  filename_queue = tf.train.string_input_producer(
      examples_list, shuffle=is_training, num_epochs=None if is_training else 1)
  reader = tf.TFRecordReader()
  _, serialized_example = reader.read(filename_queue)
  return tf.parse_single_example(
      serialized_example,
      features={
          'id': tf.FixedLenFeature(shape=(), dtype=tf.string),
          'notes': tf.VarLenFeature(dtype=tf.int64),
          'audio': tf.VarLenFeature(dtype=tf.float32),
          'velocity_range': tf.FixedLenFeature(shape=[2], dtype=tf.int64),
      })


def _provide_data(input_tensors, truncated_length, hparams):
  """Returns tensors for reading batches from provider."""
  audio = tf.sparse_tensor_to_dense(input_tensors['audio'])
  notes = tf.sparse_tensor_to_dense(input_tensors['notes'])

  spec = tf.py_func(
      lambda wav: wav_to_spec(wav, hparams), [audio], tf.float32, name='wav_to_spec')
  spec.set_shape([None, constants.SPEC_BINS])
  length = tf.shape(spec)[0]

  labels, onsets = tf.py_func(
      sequence_to_pianoroll, [notes, length], [tf.float32, tf.float32], name='sequence_to_pianoroll')
  labels.set_shape([None, constants.MIDI_PITCHES])
  onsets.set_shape([None, constants.MIDI_PITCHES])
  label_weights = tf.ones_like(labels)

  if truncated_length:
    truncated_length = tf.minimum(truncated_length, length)
    spec = spec[:truncated_length]
    labels = labels[:truncated_length]
    onsets = onsets[:truncated_length]
    label_weights = label_weights[:truncated_length]
    length = truncated_length

  return (spec, labels, label_weights, length, onsets,
          input_tensors['velocity_range'], input_tensors['id'])


TranscriptionData = collections.namedtuple(
    'TranscriptionData',
    ('spec', 'labels', 'label_weights', 'lengths', 'onsets', 'velocity_range', 'filenames'))


def provide_batch(batch_size, examples, hparams, truncated_length=0,
                  is_training=True):
  """Returns batches of tensors read from TFRecord files.

  Args:
    batch_size: The integer number of records per batch.
    examples: A string path to a TFRecord file of examples, a python list
      of serialized examples, or a Tensor placeholder for serialized examples.
    hparams: HParams object specifying hyperparameters.
    truncated_length: An optional integer specifying whether sequences should
      be truncated this length.
    is_training: Whether this is a training run.

  Returns:
    Batched tensors in a TranscriptionData NamedTuple.
  """
  input_tensors = _get_input_tensors_from_examples_list(
      [examples] if isinstance(examples, str) else examples, is_training)
  input_tensors = _provide_data(input_tensors, truncated_length, hparams)

  # Set shapes for the batch and the pad.
  batch = tf.train.batch(
      input_tensors,
      batch_size=batch_size,
      num_threads=4 if is_training else 1,
      capacity=20 * batch_size,
      dynamic_pad=True,
      allow_smaller_final_batch=not is_training)
  return TranscriptionData(*batch)
