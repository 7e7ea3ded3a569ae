"""Wing-tip camera clips of paragliding lessons, read the way prediction_train.py reads the push data."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from wingcam52_lib import prediction_input
from wingcam52_lib.prediction_input import build_tfrecord_input
from wingcam52_lib.pngio import png_bytes


def _float_feature(values):
  return tf.train.Feature(float_list=tf.train.FloatList(value=values))


def _bytes_feature(value):
  return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def write_clips(data_dir):
  rng = np.random.RandomState(520)
  if not os.path.exists(data_dir):
    os.makedirs(data_dir)
  clip = 0
  for shard in range(4):
    path = os.path.join(data_dir, 'wingcam_%02d.tfrecords' % shard)
    with tf.python_io.TFRecordWriter(path) as writer:
      for _ in range(4):
        feature = {}
        for i in range(3):
          frame = rng.randint(0, 256, size=(3, 4, 3)).astype(np.uint8)
          frame[0, 0, 0] = clip  # clip number in the corner pixel
          feature['move/%d/image/encoded' % i] = _bytes_feature(png_bytes(frame))
          feature['move/%d/commanded_pose/vec_pitch_yaw' % i] = _float_feature(
              [clip + 0.25 * i, -0.5 * i])
          feature['move/%d/endeffector/vec_pitch_yaw' % i] = _float_feature(
              [0.1 * clip, 1.0 + i])
        example = tf.train.Example(features=tf.train.Features(feature=feature))
        writer.write(example.SerializeToString())
        clip += 1


def main(data_dir):
  clip_dir = os.path.join(data_dir, 'h52_wing_camera')
  write_clips(clip_dir)
  prediction_input.FLAGS.data_dir = clip_dir

  images, actions, states = build_tfrecord_input(training=True)
  brake_sum = tf.reduce_sum(actions, axis=[1, 2])

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    itr = 0
    try:
      while not coord.should_stop():
        imgs, acts, sts, bs = sess.run([images, actions, states, brake_sum])
        batches.append([np.round(imgs, 5).tolist(), acts.tolist(), sts.tolist(),
                        np.round(bs, 5).tolist()])
        itr += 1
    except tf.errors.OutOfRangeError:
      print('done after %d iterations' % itr)
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "clips: %d" % sum(len(b[1]) for b in batches)}
