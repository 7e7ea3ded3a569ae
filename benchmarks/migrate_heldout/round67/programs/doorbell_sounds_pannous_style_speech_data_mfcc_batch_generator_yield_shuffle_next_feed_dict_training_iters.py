#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Which sound is at the door: 0 = ding-dong, 1 = knock, 2 = buzzer (file name starts with the class).

speech_data-style loading: a generator that shuffles the folder on every pass and yields
(batch_features, labels) forever; the training loop pulls batches with next() and feeds them.
"""
import os
import random
import wave
import struct
from random import shuffle

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

DATA_DIR = None
pcm_path = None  # set by main


class Source:  # labels
  DIGIT_WAVES = 'door_sounds'
  NUMBER_WAVES = 'door_sounds_long'


class Target:  # labels
  digits = 1
  speaker = 2
  first_letter = 3


def dense_to_one_hot(labels_dense, num_classes=10):
  """Convert class labels from scalars to one-hot vectors."""
  return np.eye(num_classes)[labels_dense]


def speaker(filename):  # the door ("take0", "take1") plays the speaker here
  return filename.split('_')[1].split('.')[0]


def get_speakers(local_path=None):
  files = os.listdir(local_path or pcm_path)
  return sorted(set(speaker(f) for f in files if f.endswith('.wav')))


def one_hot_from_item(item, items):
  x = [0] * len(items)
  i = items.index(item)
  x[i] = 1
  return x


def load_wav(path):
  # librosa.load(path, mono=True) in the original
  with wave.open(path, 'rb') as w:
    sr = w.getframerate()
    raw = w.readframes(w.getnframes())
  wave_data = np.array(struct.unpack('<%dh' % (len(raw) // 2), raw), np.float32) / 32768.0
  return wave_data, sr


def mfcc(wave_data, sr, n_mfcc=4, hop=16):
  # librosa.feature.mfcc(wave, sr) in the original: log band energies of hop-sized frames
  n = len(wave_data) // hop
  frames = wave_data[:n * hop].reshape(n, hop)
  spec = np.abs(np.fft.rfft(frames, axis=1))
  bands = np.array_split(spec, n_mfcc, axis=1)
  return np.log(np.stack([b.sum(axis=1) for b in bands]) + 1e-3)


def mfcc_batch_generator(batch_size=10, source=Source.DIGIT_WAVES, target=Target.digits):
  # maybe_download(source, DATA_DIR)
  if target == Target.speaker: speakers = get_speakers()
  batch_features = []
  labels = []
  files = sorted(os.listdir(pcm_path))
  while True:
    # print("loaded batch of %d files" % len(files))
    shuffle(files)
    for wav in files:
      if not wav.endswith(".wav"): continue
      wave_data, sr = load_wav(pcm_path + wav)
      if target == Target.speaker: label = one_hot_from_item(speaker(wav), speakers)
      elif target == Target.digits: label = dense_to_one_hot(int(wav[0]), 3)
      elif target == Target.first_letter: label = dense_to_one_hot((ord(wav[0]) - 48) % 32, 32)
      else: raise Exception("todo : labels for Target!")
      labels.append(label)
      feats = mfcc(wave_data, sr)
      # print(np.array(feats).shape)
      feats = np.pad(feats, ((0, 0), (0, 8 - len(feats[0]))), mode='constant', constant_values=0)
      batch_features.append(np.array(feats))
      if len(batch_features) >= batch_size:
        # print(np.array(batch_features).shape)
        # yield np.array(batch_features), labels
        yield batch_features, labels  # basic_rnn_seq2seq inputs must be a sequence
        batch_features = []  # Reset for next batch
        labels = []


def record_sounds(folder):
  rng = np.random.RandomState(67)
  for cls in range(3):
    for take in range(2):
      n = 80 + 16 * take + 8 * cls
      t = np.arange(n)
      if cls == 0:
        sig = np.sin(2 * np.pi * t * 0.12) * np.where(t < n // 2, 1.0, 0.6)
      elif cls == 1:
        sig = (t % 32 < 4) * 0.9
      else:
        sig = np.sign(np.sin(2 * np.pi * t * 0.3)) * 0.5
      sig = (sig + rng.uniform(-0.02, 0.02, n)) * 20000
      with wave.open(os.path.join(folder, '%d_take%d.wav' % (cls, take)), 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(b''.join(struct.pack('<h', int(s)) for s in sig))


def main(data_dir):
  global pcm_path
  folder = os.path.join(data_dir, 'h67_doorbell', 'door_sounds')
  os.makedirs(folder, exist_ok=True)
  record_sounds(folder)
  open(os.path.join(folder, 'README.txt'), 'w').write('door sounds, 8 kHz\n')
  pcm_path = folder + os.sep
  random.seed(67)

  learning_rate = 0.001
  training_iters = 12
  batch_size = 3
  width = 4    # mfcc features
  height = 8   # (max) length of utterance
  classes = 3  # digits

  batch = word_batch = mfcc_batch_generator(batch_size)

  x = tf1.placeholder(tf.float32, [None, width, height])
  y = tf1.placeholder(tf.float32, [None, classes])
  W = tf1.Variable(tf1.zeros([width * height, classes]))
  b = tf1.Variable(tf1.zeros([classes]))
  pred = tf.matmul(tf.reshape(x, [-1, width * height]), W) + b
  cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=pred))
  optimizer = tf1.train.AdamOptimizer(learning_rate=learning_rate).minimize(cost)
  correct_pred = tf.equal(tf.argmax(pred, 1), tf.argmax(y, 1))
  accuracy = tf.reduce_mean(tf.cast(correct_pred, tf.float32))

  batches = []
  with tf1.Session() as sess:
    sess.run(tf1.global_variables_initializer())
    step = 1
    while step * batch_size <= training_iters:
      batch_xs, batch_ys = next(batch)
      sess.run(optimizer, feed_dict={x: batch_xs, y: batch_ys})
      acc = sess.run(accuracy, feed_dict={x: batch_xs, y: batch_ys})
      batches.append([np.round(np.array(batch_xs), 3).tolist(), np.array(batch_ys).tolist()])
      step += 1
  return {'batches': batches, 'end': {'steps': step - 1}}
