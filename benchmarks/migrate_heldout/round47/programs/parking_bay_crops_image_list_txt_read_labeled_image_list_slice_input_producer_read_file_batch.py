#!/usr/bin/env python2
# -*- coding: utf-8 -*-
"""
Created on Thu Mar  1 11:27:26 2018

@author: bays
"""

import os
import tensorflow as tf
import numpy as np


def read_labeled_image_list(image_list_file):
  """Reads a .txt file containing pathes and labeles
  Args:
    image_list_file: a .txt file with one /path/to/image per line
    label: optionally, if set label will be pasted after each line
  Returns:
    List with all filenames in file image_list_file
  """
  f = open(image_list_file, 'r')
  filenames = []
  labels = []
  for line in f:
    filename, label = line[:-1].split(' ')
    filenames.append(filename)
    labels.append(label)
  f.close()
  return filenames, labels


def read_images_from_disk(input_queue):
  """Consumes a single filename and label as a ' '-delimited string.
  Args:
    filename_and_label_tensor: A scalar string tensor.
  Returns:
    Two tensors: the decoded image, and the string label.
  """
  label = input_queue[1]
  file_contents = tf.io.read_file(input_queue[0])
  example = tf.image.decode_png(file_contents, channels=1)
  return example, label


def _write_crops(folder):
  rng = np.random.RandomState(4713)
  lines = []
  with tf.Graph().as_default(), tf.compat.v1.Session() as s:
    ph = tf.compat.v1.placeholder(tf.uint8, [4, 4, 1])
    enc = tf.image.encode_png(ph)
    for i in range(10):
      occupied = int(rng.randint(0, 2))
      img = (rng.randint(0, 80, size=(4, 4, 1)) + 120 * occupied).astype(np.uint8)
      p = os.path.join(folder, "bay_%02d.png" % i)
      with open(p, "wb") as f:
        f.write(s.run(enc, {ph: img}))
      lines.append("%s %d\n" % (p, occupied))
  with open(os.path.join(folder, "list.txt"), "w") as f:
    f.writelines(lines)


def main(data_dir):
  folder = os.path.join(data_dir, "h47_parking_bays")
  os.makedirs(folder, exist_ok=True)
  _write_crops(folder)

  # Reads pfathes of images together with their labels
  image_list, label_list = read_labeled_image_list(os.path.join(folder, "list.txt"))

  images = tf.convert_to_tensor(image_list, dtype=tf.string)
  labels = tf.convert_to_tensor(label_list, dtype=tf.string)

  # Makes an input queue
  input_queue = tf.compat.v1.train.slice_input_producer([images, labels],
                                                        num_epochs=1,
                                                        shuffle=False)

  image, label = read_images_from_disk(input_queue)
  image.set_shape([4, 4, 1])
  label = tf.compat.v1.string_to_number(label, out_type=tf.int32)
  mean_level = tf.reduce_mean(tf.cast(image, tf.float32))

  # Optional Image and Label Batching
  image_batch, label_batch = tf.compat.v1.train.batch([mean_level, label],
                                                      batch_size=3, allow_smaller_final_batch=True)

  batches = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(coord=coord)
    try:
      while not coord.should_stop():
        im, lb = sess.run([image_batch, label_batch])
        batches.append([np.round(im.astype(np.float64), 4).tolist(), lb.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "bays: %d" % len(image_list)}
