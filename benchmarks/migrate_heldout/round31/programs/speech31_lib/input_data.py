"""Model definitions for simple speech recognition: the input side."""
import glob
import hashlib
import os
import re

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import gen_audio_ops as contrib_audio

SILENCE_LABEL = '_silence_'
UNKNOWN_WORD_LABEL = '_unknown_'
MAX_NUM_WAVS_PER_CLASS = 2 ** 27 - 1


def prepare_words_list(wanted_words):
    return [SILENCE_LABEL, UNKNOWN_WORD_LABEL] + wanted_words


def which_set(filename, validation_percentage, testing_percentage):
    base_name = os.path.basename(filename)
    hash_name = re.sub(r'_nohash_.*$', '', base_name)
    hash_name_hashed = hashlib.sha1(hash_name.encode('utf-8')).hexdigest()
    percentage_hash = ((int(hash_name_hashed, 16) % (MAX_NUM_WAVS_PER_CLASS + 1)) *
                       (100.0 / MAX_NUM_WAVS_PER_CLASS))
    if percentage_hash < validation_percentage:
        return 'validation'
    elif percentage_hash < (testing_percentage + validation_percentage):
        return 'testing'
    return 'training'


class AudioProcessor(object):
    """Handles loading and preparing audio training data."""

    def __init__(self, data_dir, wanted_words, validation_percentage, testing_percentage, model_settings):
        self.data_dir = data_dir
        self.words_list = prepare_words_list(wanted_words)
        self.model_settings = model_settings
        self.prepare_data_index(wanted_words, validation_percentage, testing_percentage)

    def prepare_data_index(self, wanted_words, validation_percentage, testing_percentage):
        self.data_index = {'validation': [], 'testing': [], 'training': []}
        search_path = os.path.join(self.data_dir, '*', '*.wav')
        for wav_path in sorted(glob.glob(search_path)):
            _, word = os.path.split(os.path.dirname(wav_path))
            word = word.lower()
            set_index = which_set(wav_path, validation_percentage, testing_percentage)
            self.data_index[set_index].append({'label': word, 'file': wav_path})

    def set_size(self, mode):
        return len(self.data_index[mode])

    def prepare_processing_graph(self, mode, batch_size):
        model_settings = self.model_settings
        files = [item['file'] for item in self.data_index[mode]]
        filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
        reader = tf.WholeFileReader()
        wav_filename, wav_contents = reader.read(filename_queue)
        wav_decoder = contrib_audio.decode_wav(wav_contents, desired_channels=1,
                                               desired_samples=model_settings['desired_samples'])
        spectrogram = contrib_audio.audio_spectrogram(
            wav_decoder.audio,
            window_size=model_settings['window_size_samples'],
            stride=model_settings['window_stride_samples'],
            magnitude_squared=True)
        mfcc = contrib_audio.mfcc(spectrogram, wav_decoder.sample_rate,
                                  upper_frequency_limit=3800.0, lower_frequency_limit=20.0,
                                  filterbank_channel_count=8,
                                  dct_coefficient_count=model_settings['dct_coefficient_count'])
        fingerprint = tf.reshape(mfcc, [model_settings['fingerprint_size']])

        word = tf.string_split([wav_filename], os.sep).values[-2]
        matches = tf.cast(tf.equal(tf.constant(self.words_list), word), tf.int64)
        label_index = tf.where(tf.reduce_any(tf.cast(matches, tf.bool)),
                               tf.argmax(matches), tf.constant(1, tf.int64))
        return tf.train.batch([fingerprint, label_index, wav_filename], batch_size=batch_size,
                              num_threads=1, capacity=16, allow_smaller_final_batch=True)
