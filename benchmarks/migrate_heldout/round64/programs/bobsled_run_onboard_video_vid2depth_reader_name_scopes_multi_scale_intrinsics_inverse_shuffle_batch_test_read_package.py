# Copyright 2017 The TensorFlow Authors All Rights Reserved.
# (test script of a fork: reads a few batches of bobsled-run onboard video to check the input pipeline)

"""Build model for inference or training."""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os
import random
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from v2d64_lib import reader

NUM_SCALES = 2


def _write_png(path, arr):
  h, w, c = arr.shape
  raw = b''.join(b'\x00' + arr[y].astype(np.uint8).tobytes() for y in range(h))

  def chunk(tag, data):
    return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

  png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
  png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
  with open(path, 'wb') as f:
    f.write(png)


def gen_data(data_dir):
  rng = np.random.RandomState(64)
  lines = []
  k = 0
  for run in ['heat1_curve05', 'heat2_curve11']:
    os.makedirs(os.path.join(data_dir, run), exist_ok=True)
    for frame in range(4):
      frame_id = '%010d' % (frame * 3)
      _write_png(os.path.join(data_dir, run, frame_id + '.png'), rng.randint(0, 256, size=(2, 6, 3)))
      fx = 2.0 + k
      with open(os.path.join(data_dir, run, frame_id + '_cam.txt'), 'w') as f:
        f.write('%g,0,1,0,%g,0.5,0,0,1' % (fx, fx * 2))
      lines.append('%s %s\n' % (run, frame_id))
      k += 1
  with open(os.path.join(data_dir, 'train.txt'), 'w') as f:
    f.writelines(lines)


def main(data_dir):
  data_dir = os.path.join(data_dir, 'h64_bobsled_video')
  gen_data(data_dir)
  random.seed(64)

  data_reader = reader.DataReader(data_dir, 4, 2, 2, 3, NUM_SCALES)
  image_stack, intrinsic_mat, intrinsic_mat_inv, image_paths_queue = data_reader.read_data()
  # print(image_stack.shape)
  # print(intrinsic_mat.shape)
  # print(intrinsic_mat_inv.shape)

  image = image_stack[:, :, :, 3 * 1:3 * (1 + 1)]
  mean_target = tf.reduce_mean(image, axis=[1, 2, 3])

  batches = []
  sess = tf.Session()
  sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while True:
      stack, k, k_inv, m = sess.run([image_stack, intrinsic_mat, intrinsic_mat_inv, mean_target])
      batches.append([np.round(stack, 4).tolist(), np.round(k, 4).tolist(),
                      np.round(k_inv, 4).tolist(), np.round(m, 4).tolist()])
  except tf.errors.OutOfRangeError:
    pass
  coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches,
          "end": "bobsled sequences: %d (steps_per_epoch %d)" % (sum(len(b[0]) for b in batches),
                                                                data_reader.steps_per_epoch)}
