from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf
import numpy as np

from pathlib import Path


def get_paths(base_path, split_name):
    if split_name == 'train':
        paths = np.loadtxt(str(base_path / 'train_set.csv'), dtype='<U300').tolist()
    elif split_name == 'devel':
        paths = np.loadtxt(str(base_path / 'valid_set.csv'), dtype='<U300').tolist()
    return paths


def get_split(options):
    """raw_audio, mfcc, labels, subject_id, word"""
    batch_size = options['batch_size']
    raw_audio_num_features = options['raw_audio_num_features']
    mfcc_num_features = options['mfcc_num_features']

    base_path = Path(options['data_root_dir'])
    paths = get_paths(base_path, options['split_name'])

    # Make queue
    filename_queue = tf.train.string_input_producer(paths, shuffle=options['shuffle'], num_epochs=1)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)

    features = tf.parse_single_example(
        serialized_example,
        features={
            'raw_audio': tf.FixedLenFeature([], tf.string),
            'mfcc': tf.FixedLenFeature([mfcc_num_features], tf.float32),
            'labels': tf.FixedLenFeature([2], tf.float32),
            'subject_id': tf.FixedLenFeature([], tf.int64),
            'word': tf.FixedLenFeature([], tf.string),
        })
    raw_audio = tf.decode_raw(features['raw_audio'], tf.float32)
    raw_audio = tf.reshape(raw_audio, [raw_audio_num_features])
    mfcc = features['mfcc']
    label = features['labels']
    subject_id = tf.cast(features['subject_id'], tf.int32)
    word = features['word']

    raw_audio, mfcc, label, subject_id, word = tf.train.batch(
        [raw_audio, mfcc, label, subject_id, word], batch_size, num_threads=1, capacity=50,
        allow_smaller_final_batch=True)
    return raw_audio, mfcc, label, subject_id, word
