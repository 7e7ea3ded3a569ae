"""LSGAN LSUN loader (package lsun32_lib): an LSUN class with read_and_decode / load, sizes from a FLAGS object,
image_raw scaled to [-1, 1], shuffle_batch(num_threads=2); a bare `images` tensor (not a list) from the batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from lsun32_lib.flags import FLAGS
from lsun32_lib.lsun import LSUN
from lsun32_lib import utils


def main(data_dir):
  root = os.path.join(data_dir, 'h32_lsun')
  os.makedirs(root, exist_ok=True)
  FLAGS.dataset_dir = root
  path = os.path.join(root, 'bedroom_train.tfrecords')
  rng = np.random.RandomState(1032)
  with tf.python_io.TFRecordWriter(path) as w:
    for _ in range(12):
      img = rng.randint(0, 256, size=(FLAGS.output_size, FLAGS.output_size, 3)).astype(np.uint8)
      ex = tf.train.Example(features=tf.train.Features(feature={
          'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()]))}))
      w.write(ex.SerializeToString())
  data = LSUN()
  images = data.load(path)
  batches = []
  with tf.Session(config=tf.ConfigProto(allow_soft_placement=True)) as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    step = 0
    try:
      while not coord.should_stop():
        batch_images = sess.run(images)
        batches.append([utils.image_signature(im) for im in utils.inverse_transform(batch_images)])
        step += 1
    except tf.errors.OutOfRangeError:
      end = 'Done training for %d epochs, %d steps.' % (FLAGS.num_epochs, step)
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': end}
