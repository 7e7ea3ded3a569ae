"""Writes a tiny Tiny-ImageNet-shaped tree: wnids.txt, words.txt, val/images/*.JPEG and
val/val_annotations.txt (6x6 images instead of 64x64)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

SYNSETS = [('n03063599', 'coffee mug'), ('n04398044', 'teapot'),
           ('n02948072', 'candle, taper, wax light'), ('n04254777', 'sock')]
PER_CLASS = 2


def write_tree(path):
  val_images = os.path.join(path, 'val', 'images')
  if not os.path.isdir(val_images):
    os.makedirs(val_images)
  with open(os.path.join(path, 'wnids.txt'), 'w') as f:
    f.write('\n'.join(s for s, _ in SYNSETS) + '\n')
  with open(os.path.join(path, 'words.txt'), 'w') as f:
    f.write('n00001740\tentity\n')
    for s, words in SYNSETS:
      f.write('%s\t%s\n' % (s, words))
  rng = np.random.RandomState(4039)
  lines = []
  with tf.Graph().as_default():
    pixels = tf.placeholder(tf.uint8, [6, 6, 3])
    jpeg = tf.image.encode_jpeg(pixels, quality=90)
    with tf.Session() as s:
      n = 0
      for k in range(PER_CLASS):
        for synset, _ in SYNSETS:
          name = 'val_%d.JPEG' % n
          img = rng.randint(0, 256, size=(6, 6, 3)).astype(np.uint8)
          with open(os.path.join(val_images, name), 'wb') as f:
            f.write(s.run(jpeg, {pixels: img}))
          lines.append('%s\t%s\t0\t0\t5\t5' % (name, synset))
          n += 1
  with open(os.path.join(path, 'val', 'val_annotations.txt'), 'w') as f:
    f.write('\n'.join(lines) + '\n')
  return len(lines)
