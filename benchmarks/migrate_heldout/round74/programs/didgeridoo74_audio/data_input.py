import tensorflow.compat.v1 as tf
import wave  # the source read WAVs with scipy.io.wavfile; the standard library's wave stands in
from tensorflow.python.lib.io import file_io
import numpy as np


def decode_csv(line):

    parsed_line = tf.decode_csv(line, [['string'], ['string']])
    feat = parsed_line[0]
    lab = parsed_line[-1]

    return feat, lab


def audiofile_to_input_vector(truth_file):

#    Load wav files (1st column)
#    binary_truth = file_io.FileIO(truth_file, 'b')
    w = wave.open(truth_file.decode() if isinstance(truth_file, bytes) else truth_file, 'rb')
    audio_truth = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
    w.close()
    return audio_truth.astype(np.float32).reshape(-1, 1)


def input_parser(truth_file, ds_file):

    truth_audio_array = tf.py_func(audiofile_to_input_vector, [truth_file], [tf.float32])
    ds_audio_array = tf.py_func(audiofile_to_input_vector, [ds_file], [tf.float32])
    truth = tf.reshape(truth_audio_array[0], [-1, 1])
    ds = tf.reshape(ds_audio_array[0], [-1, 1])
    return truth, ds


def input_fn(list_file, batch_size, num_epochs=1):
    filename_queue = tf.train.string_input_producer([list_file], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    truth_file, ds_file = decode_csv(line)
    truth, ds = input_parser(truth_file, ds_file)
    return tf.train.batch([truth, ds, truth_file], batch_size=batch_size, dynamic_pad=True)
