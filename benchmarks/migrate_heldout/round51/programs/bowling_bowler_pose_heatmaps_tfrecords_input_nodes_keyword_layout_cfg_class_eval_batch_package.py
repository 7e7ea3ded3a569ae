"""Bowler release-pose frames: `input_nodes(tfrecords, num_parts, ..., cfg=...)` with precomputed
part heatmaps in the records, under `name_scope('inputs')`, in its eval form (no shuffle, one
thread) (package)."""
import os

import numpy as np
import tensorflow as tf

from bowl51_lib.input_nodes import input_nodes

tf1 = tf.compat.v1

NUM_PARTS = 3  # wrist, elbow, shoulder of the bowling arm


class cfg(object):
  INPUT_SIZE = 4
  HEATMAP_SIZE = 2
  PARTS_FLIPPED = [0, 1, 2]
  DO_RANDOM_FLIP = False
  DO_COLOR_DISTORTION = False
  RANDOM_SEED = 51


def _bytes(v):
  return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def _int64(v):
  return tf.train.Feature(int64_list=tf.train.Int64List(value=v))


def _write(paths):
  rng = np.random.RandomState(77)
  k = 0
  for path, n in zip(paths, (5, 4)):
    with tf.io.TFRecordWriter(path) as w:
      for _ in range(n):
        img = rng.randint(0, 255, size=(4, 4, 3)).astype(np.uint8)
        hm = rng.uniform(0, 1, size=(2, 2, NUM_PARTS)).astype(np.float32)
        feat = {
            'image/id': _bytes(('frame_%03d' % k).encode()),
            'image/encoded': _bytes(img.tobytes()),
            'image/height': _int64([4]),
            'image/width': _int64([4]),
            'image/parts/heatmaps': _bytes(hm.tobytes()),
            'image/parts/v': _int64(rng.randint(0, 2, size=NUM_PARTS).tolist()),
        }
        if k % 3:
          feat['image/frame/score'] = _int64([k % 11])
        w.write(tf.train.Example(features=tf.train.Features(feature=feat)).SerializeToString())
        k += 1


def main(data_dir):
  root = os.path.join(data_dir, 'h51_bowler_pose')
  if not os.path.isdir(root):
    os.makedirs(root)
  tfrecords = [os.path.join(root, 'release-00000-of-00002'), os.path.join(root, 'release-00001-of-00002')]
  _write(tfrecords)

  images, heatmaps, visibility, ids, scores = input_nodes(
    tfrecords=tfrecords,
    num_parts=NUM_PARTS,
    num_epochs=1,
    batch_size=4,
    num_threads=1,
    shuffle_batch=False,
    capacity=16,
    min_after_dequeue=4,
    add_summaries=False,
    cfg=cfg
  )
  peak = tf.argmax(tf.reshape(heatmaps, [-1, cfg.HEATMAP_SIZE * cfg.HEATMAP_SIZE, NUM_PARTS]), axis=1)

  batches = []
  with tf1.Session() as sess:
    sess.run(tf1.group(tf1.global_variables_initializer(), tf1.local_variables_initializer()))
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
      while not coord.should_stop():
        im, v, i, s, p = sess.run([images, visibility, ids, scores, peak])
        batches.append([[x.decode() for x in i], v.tolist(), s.tolist(), p.tolist(),
                        np.round(im.astype(np.float64).mean(axis=(1, 2, 3)), 4).tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "frames: %d in %d steps" % (sum(len(b[0]) for b in batches), step)}
