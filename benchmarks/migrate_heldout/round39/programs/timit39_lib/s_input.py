"""Routines to load a TIMIT-like corpus and pre process the audio files and labels.

The corpus directory holds WAV files and a `train.txt` listing `path transcription` lines.
"""

import os
import wave

import numpy as np
import tensorflow.compat.v1 as tf

from timit39_lib.s_labels import LabelManager
from timit39_lib.s_params import FLAGS, NP_FLOAT, TF_FLOAT

NUM_MFCC = 4
NUM_EXAMPLES_PER_EPOCH_TRAIN = 7
DATA_PATH = '/home/marc/workspace/speech/data'

_labels = LabelManager()


def inputs_train(batch_size):
    """Construct input for speech training.

    Args:
        batch_size (int):
            (Maximum) number of samples per batch.
            See: _generate_batch() and `allow_smaller_final_batch=True`

    Returns:
        tf.Tensor: 3D Tensor with sequence batch of shape [batch_size, time, NUM_MFCC].
        tf.Tensor: 1D Tensor with sequence lengths for each sample in the batch.
        tf.Tensor: 2D Tensor with the padded label ids.
        tf.Tensor: 1D Tensor with the label lengths.
    """
    paths, transcripts = _read_file_list(os.path.join(DATA_PATH, 'train.txt'))

    with tf.variable_scope('train_input'):
        paths = tf.convert_to_tensor(paths, dtype=tf.string)
        transcripts = tf.convert_to_tensor(transcripts, dtype=tf.string)

        # Create an input queue that produces the file names to read.
        sample_queue = tf.train.slice_input_producer([paths, transcripts],
                                                     num_epochs=1, shuffle=False,
                                                     capacity=FLAGS.min_queue_size * 2)

        sequence, seq_len, label, label_len = _read_sample(sample_queue)

        return _generate_batch(sequence, seq_len, label, label_len, batch_size, shuffle=False)


def _read_file_list(path):
    paths, transcripts = [], []
    with open(path, 'r') as f:
        for line in f:
            wav, text = line.rstrip('\n').split(' ', 1)
            paths.append(os.path.join(DATA_PATH, wav))
            transcripts.append(text)
    return paths, transcripts


def _read_sample(sample_queue):
    file_path, transcript = sample_queue[0], sample_queue[1]

    sequence, label = tf.py_func(_load_sample, [file_path, transcript], [TF_FLOAT, tf.int32])

    sequence.set_shape([None, NUM_MFCC])
    label.set_shape([None])
    seq_len = tf.shape(sequence)[0]
    label_len = tf.shape(label)[0]
    return sequence, seq_len, label, label_len


def _load_sample(file_path, transcript):
    """Loads the WAV file and computes frame features (a cheap stand-in for librosa's MFCC)."""
    if isinstance(file_path, bytes):
        file_path = file_path.decode('utf-8')
    wav = wave.open(file_path, 'rb')
    try:
        assert wav.getframerate() == FLAGS.sampling_rate
        raw = wav.readframes(wav.getnframes())
    finally:
        wav.close()
    y = np.frombuffer(raw, dtype=np.int16).astype(NP_FLOAT) / 32768.0
    frames = len(y) // NUM_MFCC
    features = y[:frames * NUM_MFCC].reshape(frames, NUM_MFCC)
    features = (features - features.mean()).astype(NP_FLOAT)
    return features, _labels.encode(transcript)


def _generate_batch(sequence, seq_len, label, label_len, batch_size, shuffle):
    num_pre_process_threads = FLAGS.num_threads
    capacity = FLAGS.min_queue_size + 3 * batch_size

    if shuffle:
        raise NotImplementedError('shuffle is done by the bucketing in the full project')

    sequences, seq_lengths, labels, label_lengths = tf.train.batch(
        [sequence, seq_len, label, label_len],
        batch_size=batch_size,
        num_threads=num_pre_process_threads,
        capacity=capacity,
        dynamic_pad=True,
        allow_smaller_final_batch=True)

    return sequences, seq_lengths, labels, label_lengths
