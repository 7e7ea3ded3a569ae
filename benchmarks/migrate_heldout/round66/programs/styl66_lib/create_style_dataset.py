"""Creates a dataset out of a list of style images (after magenta's create_style_dataset.py: each example holds
the style image as PNG bytes, its label and small "Gram matrices" computed here with numpy instead of VGG-16)."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from styl66_lib import image_utils


def _png_rgb(pixels):
  height, width = pixels.shape[:2]
  raw = b''.join(b'\x00' + pixels[r].astype(np.uint8).tobytes() for r in range(height))

  def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)

  header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
  return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw)) +
          chunk(b'IEND', b''))


def _gram(pixels, layer):
  feats = pixels.reshape(-1, 3)[:, :image_utils.GRAM_SIZE].astype(np.float64) / (255.0 * (layer + 1))
  return (feats.T.dot(feats) / feats.shape[0]).astype(np.float32)


def create_style_dataset(style_files, output_file):
  writer = tf.python_io.TFRecordWriter(output_file)
  for label, (path, pixels) in enumerate(style_files):
    feature = {
        'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
        'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[_png_rgb(pixels)])),
    }
    for layer, name in enumerate(image_utils.VGG_LAYERS):
      feature[name] = tf.train.Feature(
          float_list=tf.train.FloatList(value=_gram(pixels, layer).ravel().tolist()))
    writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
  writer.close()
  return output_file
