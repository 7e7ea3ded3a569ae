"""Ventriloquist act recordings as SequenceExamples (spectrogram frames, mel frames, script token ids).

After an unnamed Tacotron-era excerpt (``read_sequence_example(filename_queue)`` with ``speech_length`` /
``text_length`` / ``speaker`` context and ``stft`` / ``mel`` / ``text`` sequences, "# create one dictionary with all
inputs", ``features.update(context)``, ``batch_inputs(filename_queue, batch_size=32, train=True)`` under
``tf.device('/cpu:0')`` bucketing in training and ``tf.train.batch(example, ..., dynamic_pad=True,
allow_smaller_final_batch=True)`` otherwise, ``load_vocab()`` from a pickle). Writer changes: 1025 / 80 bins are 3 /
2; ``tf.contrib.training.bucket_by_sequence_length`` no longer exists, so the training branch raises."""
import pickle as pkl

import tensorflow.compat.v1 as tf

STFT_BINS = 3
MEL_BINS = 2


def read_sequence_example(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    context, features = tf.parse_single_sequence_example(
            serialized_example,
            context_features={
                'speech_length': tf.FixedLenFeature([], tf.int64),
                'text_length': tf.FixedLenFeature([], tf.int64),
                'speaker': tf.FixedLenFeature([], tf.int64)
                },
            sequence_features={
                'stft': tf.FixedLenSequenceFeature([], tf.float32),
                'mel': tf.FixedLenSequenceFeature([], tf.float32),
                'text': tf.FixedLenSequenceFeature([], tf.int64)
                }
            )
    # create one dictionary with all inputs
    features.update(context)

    features['stft'] = tf.reshape(features['stft'], (-1, STFT_BINS))
    features['mel'] = tf.reshape(features['mel'], (-1, MEL_BINS))

    return features


def batch_inputs(filename_queue, batch_size=32, train=True, vocab_path=None):
    with tf.device('/cpu:0'):
        example = read_sequence_example(filename_queue)
        if train:
            # separate context length so it can be used to determine bucketing
            raise NotImplementedError('bucket_by_sequence_length lived in tf.contrib.training')
        else:
            batches = tf.train.batch(example,
                    batch_size=batch_size,
                    dynamic_pad=True,
                    allow_smaller_final_batch=True)
            return batches


def load_vocab(path):
    with open(path, 'rb') as vf:
        ivocab = pkl.load(vf)
    return ivocab
