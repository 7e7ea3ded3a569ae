"""Writes chalkboard menu lines as street-style tf.Examples (PNG line images, padded and unpadded class ids)."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

DISHES = ['soup', 'stew', 'pie', 'tart', 'cake', 'hash', 'chips', 'bread',
          'ham', 'eggs', 'toast', 'fish']
NULL_ID = 0
PAD_LEN = 6


def png_gray(rows):
  height, width = len(rows), len(rows[0])
  raw = b''.join(b'\x00' + bytes(bytearray(r)) for r in rows)

  def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)

  header = struct.pack('>IIBBBBB', width, height, 8, 0, 0, 0, 0)
  return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw)) +
          chunk(b'IEND', b''))


def char_ids(text):
  return [ord(c) - ord('a') + 1 for c in text]


def write_shards(out_dir, num_shards=3):
  rng = np.random.RandomState(66)
  paths = []
  for shard in range(num_shards):
    path = os.path.join(out_dir, 'menu-%05d-of-%05d.tfrecord' % (shard, num_shards))
    writer = tf.python_io.TFRecordWriter(path)
    for dish in DISHES[shard::num_shards]:
      width = len(dish) + 1
      rows = rng.randint(0, 256, size=(4, width)).tolist()
      ids = char_ids(dish)
      padded = ids + [NULL_ID] * (PAD_LEN - len(ids))
      feature = {
          'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[png_gray(rows)])),
          'image/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[dish.encode('utf-8')])),
          'image/class': tf.train.Feature(int64_list=tf.train.Int64List(value=padded)),
          'image/unpadded_class': tf.train.Feature(int64_list=tf.train.Int64List(value=ids)),
          'image/height': tf.train.Feature(int64_list=tf.train.Int64List(value=[4])),
          'image/width': tf.train.Feature(int64_list=tf.train.Int64List(value=[width])),
      }
      writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    writer.close()
    paths.append(path)
  return paths
