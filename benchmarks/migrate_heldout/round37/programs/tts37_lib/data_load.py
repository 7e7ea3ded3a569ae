# -*- coding: utf-8 -*-
import codecs
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tts37_lib.hyperparams import Hyperparams as hp
from tts37_lib.producer import producer_func


def load_vocab():
    char2idx = {char: idx for idx, char in enumerate(hp.vocab)}
    return char2idx


def create_train_data(data_dir):
    char2idx = load_vocab()
    texts, sound_files = [], []
    reader = codecs.open(os.path.join(data_dir, 'metadata.csv'), 'r', 'utf-8')
    for line in reader.read().splitlines():
        sound_fname, text = line.split("|")
        texts.append(np.array([char2idx[c] for c in text + "E"], np.int32).tobytes())
        sound_files.append(os.path.join(data_dir, sound_fname + ".npy"))
    return texts, sound_files


def get_batch(data_dir):
    """Loads training data and put them in queues"""
    texts, sound_files = create_train_data(data_dir)
    num_batch = len(texts) // hp.batch_size

    texts = tf.convert_to_tensor(texts)
    sound_files = tf.convert_to_tensor(sound_files)

    # Create Queues
    text, sound_file = tf.train.slice_input_producer([texts, sound_files], shuffle=True, num_epochs=1, seed=37)

    @producer_func
    def get_text_and_spectrograms(_inputs):
        '''From `_inputs`, which has been fetched from slice queues,
           makes text, spectrogram, and magnitude,
           then enqueue them again.
        '''
        _text, _sound_file = _inputs
        _text = np.frombuffer(_text, np.int32)
        spectrogram = np.load(_sound_file.decode())
        return _text, spectrogram, np.int32(len(_text))

    # Decode sound file
    x, y, n = get_text_and_spectrograms(inputs=[text, sound_file],
                                        dtypes=[tf.int32, tf.float32, tf.int32],
                                        capacity=16,
                                        num_threads=hp.num_threads)
    x.set_shape([None])
    y.set_shape([None, hp.n_mels])
    n.set_shape([])
    # create batch queues
    x, y, n = tf.train.batch([x, y, n], shapes=[(None,), (None, hp.n_mels), ()], num_threads=1,
                             batch_size=hp.batch_size, capacity=hp.batch_size * 4, dynamic_pad=True)
    return x, y, n, num_batch
