"""Tattoo flash sheets as a magenta image_stylization style dataset: create_style_dataset writes PNG flash sheets,
labels and Gram matrices; image_utils.style_image_inputs(style_dataset_file, batch_size, image_size,
square_crop=True, shuffle=False) reads them through its own filename queue, a FIFO examples queue with a
hand-built QueueRunner, aspect-preserving resize and central crop, then `tf.train.batch` of image, label and Gram
matrices (as image_stylization_train.py calls it, but unshuffled as in its evaluation)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from styl66_lib import create_style_dataset
from styl66_lib import image_utils

SHEETS = ['swallow', 'anchor', 'rose', 'dagger', 'panther', 'ship', 'heart', 'skull']
SIZES = [(4, 6), (6, 4), (5, 5), (4, 5), (5, 4), (6, 6), (4, 4), (5, 6)]


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_tattoo_flash')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  rng = np.random.RandomState(6606)
  style_files = [(name, rng.randint(0, 256, size=size + (3,))) for name, size in zip(SHEETS, SIZES)]
  style_dataset_file = create_style_dataset.create_style_dataset(
      style_files, os.path.join(out_dir, 'flash_sheets.tfrecord'))

  style_images, style_labels, style_gram_matrices = image_utils.style_image_inputs(
      style_dataset_file, batch_size=2, image_size=2, square_crop=True, shuffle=False)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        images, labels, grams = sess.run(
            [style_images, style_labels, style_gram_matrices])
        batches.append([np.round(images, 4).tolist(), labels.tolist(),
                        np.round(grams['vgg_16/conv1'], 4).tolist(),
                        np.round(grams['vgg_16/conv2'], 4).tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'flash sheets: %d' % sum(len(b[1]) for b in batches)}
