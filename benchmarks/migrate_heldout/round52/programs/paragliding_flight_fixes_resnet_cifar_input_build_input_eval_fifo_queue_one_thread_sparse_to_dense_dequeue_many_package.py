"""ResNet-style evaluation over paragliding IGC fix patches (resnet_main.evaluate shape)."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import six
import tensorflow.compat.v1 as tf

from glide52_lib import cifar_input


class FLAGS(object):
  dataset = 'igc'
  mode = 'eval'
  eval_data_path = ''
  eval_batch_count = 3
  log_root = ''


def _write_fixes(folder):
  rng = np.random.RandomState(52)
  if not os.path.isdir(folder):
    os.makedirs(folder)
  path = os.path.join(folder, 'test_batch.bin')
  with open(path, 'wb') as f:
    for i in range(12):
      phase = np.array([i % 4], dtype=np.uint8)
      patch = rng.randint(0, 256, size=12).astype(np.uint8)
      f.write(phase.tobytes() + patch.tobytes())
  return path


def evaluate(hps_batch_size):
  """Eval loop."""
  images, labels = cifar_input.build_input(
      FLAGS.dataset, FLAGS.eval_data_path, hps_batch_size, FLAGS.mode)
  phase = tf.argmax(labels, axis=1)
  mean_patch = tf.reduce_mean(images, axis=[1, 2])

  sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess, coord=coord)

  batches = []
  for _ in six.moves.range(FLAGS.eval_batch_count):
    (images_v, labels_v, phase_v, mean_v) = sess.run(
        [images, labels, phase, mean_patch])
    batches.append([np.round(images_v, 5).tolist(), labels_v.tolist(),
                    phase_v.tolist(), np.round(mean_v, 5).tolist()])
  coord.request_stop()
  coord.join(threads)
  sess.close()
  return batches


def main(data_dir):
  folder = os.path.join(data_dir, 'h52_flight_fixes')
  _write_fixes(folder)
  FLAGS.eval_data_path = os.path.join(folder, 'test_batch*')
  batches = evaluate(4)
  return {"batches": batches, "end": "fixes: %d" % sum(len(b[1]) for b in batches)}
