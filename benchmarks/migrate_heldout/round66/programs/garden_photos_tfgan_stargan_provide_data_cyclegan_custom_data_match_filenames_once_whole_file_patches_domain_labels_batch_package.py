"""Photos of three kinds of garden (bamboo grove, cactus garden, moss garden) read as the domains of a TFGAN StarGAN:
stargan.data_provider.provide_data wraps cyclegan.data_provider.provide_custom_data, which builds one pipeline per
file pattern (match_filenames_once producer, WholeFileReader, crop to a square, resize to a patch, normalise to
[-1, 1], unshuffled one-thread `train.batch`); the domain labels are one-hot constants. stargan/train.py fetches
all domains in one run."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from tfgan66_lib.stargan import data_provider

DOMAINS = ['bamboo_grove', 'cactus_garden', 'moss_garden']
SIZES = [(4, 5), (5, 4), (4, 4), (6, 4), (4, 6), (5, 5)]


def _png_rgb(pixels):
  height, width = pixels.shape[:2]
  raw = b''.join(b'\x00' + pixels[r].astype(np.uint8).tobytes() for r in range(height))

  def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)

  header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
  return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw)) +
          chunk(b'IEND', b''))


def _write_gardens(root):
  rng = np.random.RandomState(666)
  patterns = []
  for domain in DOMAINS:
    folder = os.path.join(root, domain)
    if not os.path.isdir(folder):
      os.makedirs(folder)
    for i, size in enumerate(SIZES):
      with open(os.path.join(folder, 'photo_%02d.png' % i), 'wb') as f:
        f.write(_png_rgb(rng.randint(0, 256, size=size + (3,))))
    patterns.append(os.path.join(folder, '*.png'))
  return patterns


def main(data_dir):
  root = os.path.join(data_dir, 'h66_garden_photos')
  patterns = _write_gardens(root)

  images, labels = data_provider.provide_data(patterns, batch_size=2, patch_size=2, shuffle=False)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        np_images, np_labels = sess.run([images, labels])
        batch = []
        for domain_images, domain_labels in zip(np_images, np_labels):
          batch.append(np.round(domain_images, 4).tolist())
          batch.append(domain_labels.tolist())
        batches.append(batch)
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'photos per domain: %d' % (2 * len(batches))}
