import os
import wave
import struct

import numpy as np
import tensorflow.compat.v1 as tf

# Bat detector recordings (time-expanded, resampled low), one folder per call type.
LABELS = ['cf_tone', 'feeding_buzz', 'fm_sweep']


class SignalGenerator:
  def __init__(self, labels, sampling_rate, frame_length, frame_step, num_mel_bins=None,
               lower_frequency=None, upper_frequency=None, num_coefficients=None, mfcc=False):
    self.labels = labels
    self.sampling_rate = sampling_rate
    self.frame_length = frame_length
    self.frame_step = frame_step
    self.num_mel_bins = num_mel_bins
    self.lower_frequency = lower_frequency
    self.upper_frequency = upper_frequency
    self.num_coefficients = num_coefficients
    num_spectrogram_bins = (frame_length) // 2 + 1

    if mfcc is True:
      self.l2mel_matrix = tf.signal.linear_to_mel_weight_matrix(
          self.num_mel_bins, num_spectrogram_bins, self.sampling_rate,
          self.lower_frequency, self.upper_frequency)
      self.preprocess = self.preprocess_with_mfcc
    else:
      self.preprocess = self.preprocess_with_stft

  def read(self, file_path):
    parts = tf.string_split([file_path], os.path.sep).values
    label = parts[-2]
    label_id = tf.argmax(tf.cast(tf.equal(label, self.labels), tf.int32))
    audio_binary = tf.read_file(file_path)
    audio, _ = tf.audio.decode_wav(audio_binary)
    audio = tf.squeeze(audio, axis=1)

    return audio, label_id

  def pad(self, audio):
    zero_padding = tf.zeros([self.sampling_rate] - tf.shape(audio), dtype=tf.float32)
    audio = tf.concat([audio, zero_padding], 0)
    audio.set_shape([self.sampling_rate])

    return audio

  def get_spectrogram(self, audio):
    stft = tf.signal.stft(audio, frame_length=self.frame_length,
                          frame_step=self.frame_step, fft_length=self.frame_length)
    spectrogram = tf.abs(stft)

    return spectrogram

  def get_mfccs(self, spectrogram):
    mel_spectrogram = tf.tensordot(spectrogram, self.l2mel_matrix, 1)
    log_mel_spectrogram = tf.log(mel_spectrogram + 1.e-6)
    mfccs = tf.signal.mfccs_from_log_mel_spectrograms(log_mel_spectrogram)
    mfccs = mfccs[..., :self.num_coefficients]

    return mfccs

  def preprocess_with_stft(self, file_path):
    audio, label = self.read(file_path)
    audio = self.pad(audio)
    spectrogram = self.get_spectrogram(audio)
    spectrogram = tf.expand_dims(spectrogram, -1)

    return spectrogram, label

  def preprocess_with_mfcc(self, file_path):
    audio, label = self.read(file_path)
    audio = self.pad(audio)
    spectrogram = self.get_spectrogram(audio)
    mfccs = self.get_mfccs(spectrogram)
    mfccs = tf.expand_dims(mfccs, -1)

    return mfccs, label

  def make_batches(self, files, train, batch_size=2):
    file_path = tf.train.slice_input_producer([files], shuffle=train, num_epochs=1)[0]
    features, label = self.preprocess(file_path)
    if train is True:
      return tf.train.shuffle_batch([features, label], batch_size, capacity=32,
                                    min_after_dequeue=8, num_threads=2)
    return tf.train.batch([features, label], batch_size, num_threads=1)


def write_wav(path, samples, rate):
  with wave.open(path, 'wb') as w:
    w.setnchannels(1)
    w.setsampwidth(2)
    w.setframerate(rate)
    w.writeframes(b''.join(struct.pack('<h', int(s)) for s in samples))


def record_calls(root, rate):
  rng = np.random.RandomState(67)
  files = []
  for label in LABELS:
    os.makedirs(os.path.join(root, label), exist_ok=True)
    for k in range(2):
      n = 200 + 20 * k
      t = np.arange(n) / float(rate)
      if label == 'cf_tone':
        sig = np.sin(2 * np.pi * 40 * t)
      elif label == 'fm_sweep':
        sig = np.sin(2 * np.pi * (90 - 150 * t) * t)
      else:
        sig = np.sin(2 * np.pi * 60 * t) * (np.arange(n) % 16 < 8)
      sig = 12000 * sig + rng.randint(-300, 300, size=n)
      path = os.path.join(root, label, 'pass_%02d.wav' % k)
      write_wav(path, sig, rate)
      files.append(path)
  return files


def main(data_dir):
  root = os.path.join(data_dir, 'h67_bats', 'data')
  rate = 256
  files = record_calls(root, rate)

  MFCC_OPTIONS = {'frame_length': 32, 'frame_step': 32, 'mfcc': True,
                  'lower_frequency': 10, 'upper_frequency': 120, 'num_mel_bins': 6,
                  'num_coefficients': 3}
  options = MFCC_OPTIONS
  generator = SignalGenerator(LABELS, rate, **options)
  test_mfccs, test_labels = generator.make_batches(sorted(files), False)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        x, y = sess.run([test_mfccs, test_labels])
        batches.append([np.round(x, 3).tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': {'clips': len(files)}}
