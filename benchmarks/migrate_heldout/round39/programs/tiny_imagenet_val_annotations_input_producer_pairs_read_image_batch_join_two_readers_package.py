"""Tiny-ImageNet-style everyday objects (mugs, teapots, candles, socks), validation split,
through tiny39_lib's batch_q: an input_producer of (filename, label) string pairs read by two
read_image ops joined by batch_join."""
import os

import tensorflow.compat.v1 as tf

from tiny39_lib.config import TrainConfig
from tiny39_lib.input_pipe import batch_q
from tiny39_lib.make_data import write_tree


def main(data_dir):
  config = TrainConfig()
  config.path = os.path.join(data_dir, 'h39_tiny_imagenet_objects', 'tiny-imagenet-200')
  total = write_tree(config.path)

  imgs, labels = batch_q('val', config)

  batches = []
  init = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
  with tf.Session() as sess:
    sess.run(init)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        i, l = sess.run([imgs, labels])
        batches.append([i.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
      print('Done with the validation epoch')
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "images: %d of %d" % (sum(len(b[1]) for b in batches), total)}
