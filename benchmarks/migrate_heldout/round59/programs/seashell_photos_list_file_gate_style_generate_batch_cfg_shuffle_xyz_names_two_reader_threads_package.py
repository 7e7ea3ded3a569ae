# -*- coding: utf-8 -*-
import os
import struct
import zlib

import numpy as np
import tensorflow as tf

from gate59_lib.data import data_loader


class cfg_shells():
  """ configuration of the shell classifier """

  def __init__(self, data_path):
    self.data_path = data_path
    self.shuffle = True
    self.batchsize = 3
    self.min_queue_num = 4
    self.reader_thread = 2
    self.output_height = 3
    self.output_width = 3
    self.seed = 59


def _png(path, arr):
  h, w, c = arr.shape
  raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

  def chunk(t, d):
    return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
  with open(path, 'wb') as f:
    f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_shells(folder):
  rng = np.random.RandomState(1759)
  species = ['cowrie', 'conch', 'scallop']
  lines = []
  for i in range(12):
    name = '%s_%02d.png' % (species[i % 3], i)
    _png(os.path.join(folder, name), rng.randint(0, 256, size=(4, 5, 3)).astype(np.uint8))
    lines.append('%s %d' % (os.path.join(folder, name), i % 3))
  with open(os.path.join(folder, 'train.txt'), 'w') as f:
    f.write('\n'.join(lines) + '\n')


def train(config):
  images, labels, names = data_loader.load_pair_from_files(config)
  num_batches = 12 // config.batchsize

  saver_hooks = []
  outs = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.group(tf.compat.v1.global_variables_initializer(),
                                tf.compat.v1.local_variables_initializer()))
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    for cur_iter in range(num_batches):
      if coord.should_stop():
        break
      _img, _label, _name = sess.run([images, labels, names])
      outs.append([_img.tolist(), _label.tolist(), [n.decode() for n in _name]])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=10)
  return outs


def main(data_dir):
  folder = os.path.join(data_dir, 'h59_seashell_photos')
  if not os.path.isdir(folder):
    os.makedirs(folder)
    _make_shells(folder)
  config = cfg_shells(os.path.join(folder, 'train.txt'))
  return {"batches": train(config), "end": "4 iterations = one epoch"}
