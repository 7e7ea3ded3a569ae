"""Pixel-recursive super resolution input: a DataSet class reads an images list file, WholeFileReader + decode_png,
high- and low-resolution copies by resize_images, shuffle_batch."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

sz_hr = 4
sz_lr = 2


class DataSet(object):
  def __init__(self, images_list_path, num_epoch, batch_size):
    # filling the record_list
    input_file = open(images_list_path, 'r')
    self.record_list = []
    for line in input_file:
      line = line.strip()
      self.record_list.append(line)
    input_file.close()
    filename_queue = tf.train.string_input_producer(self.record_list, num_epochs=num_epoch)
    image_reader = tf.WholeFileReader()
    _, image_file = image_reader.read(filename_queue)
    image = tf.image.decode_png(image_file, 3)
    # preprocess
    hr_image = tf.image.resize_images(image, [sz_hr, sz_hr], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    lr_image = tf.image.resize_images(image, [sz_lr, sz_lr], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    hr_image = tf.cast(hr_image, tf.float32)
    lr_image = tf.cast(lr_image, tf.float32)
    min_after_dequeue = 2
    capacity = min_after_dequeue + 4 * batch_size
    self.hr_images, self.lr_images = tf.train.shuffle_batch(
        [hr_image, lr_image], batch_size=batch_size, capacity=capacity, min_after_dequeue=min_after_dequeue)


def _write_images(root):
  rng = np.random.RandomState(32)
  paths = []
  for i in range(8):
    img = rng.randint(0, 256, size=(8, 8, 3)).astype(np.uint8)
    path = os.path.join(root, 'img_%02d.png' % i)
    with open(path, 'wb') as f:
      f.write(_encode(img))
    paths.append(path)
  with open(os.path.join(root, 'train.txt'), 'w') as f:
    f.write('\n'.join(paths) + '\n')


def _encode(img):
  with tf.Graph().as_default(), tf.Session() as s:
    return s.run(tf.image.encode_png(tf.constant(img)))


def main(data_dir):
  root = os.path.join(data_dir, 'h32_pixel_sr')
  os.makedirs(root, exist_ok=True)
  _write_images(root)
  dataset = DataSet(os.path.join(root, 'train.txt'), 1, 4)
  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    end = 'running'
    try:
      while not coord.should_stop():
        hr, lr = sess.run([dataset.hr_images, dataset.lr_images])
        batches.append([[int(h.sum()), int(l.sum()), int(h[0, 0, 0])] for h, l in zip(hr, lr)])
    except tf.errors.OutOfRangeError:
      end = 'Done training -- epoch limit reached'
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': [[list(column) for column in zip(*rows)] for rows in batches], 'end': end}
