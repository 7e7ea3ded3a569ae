import os
import random
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf


def _png(arr):
  arr = np.asarray(arr, np.uint8)
  h, w = arr.shape[:2]
  raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

  def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
  return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
          chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def make_photos(input_dir, prefix, count, seed):
  """Writes `count` small fruit photos (PNG) into input_dir."""
  if not os.path.isdir(input_dir):
    os.makedirs(input_dir)
  rng = np.random.RandomState(seed)
  for i in range(count):
    side = 4 + i % 2
    with open(os.path.join(input_dir, '%s_%03d.png' % (prefix, i)), 'wb') as f:
      f.write(_png(rng.randint(0, 256, size=(side, side, 3))))


def data_reader(input_dir, shuffle=True):
  """Read images from input_dir then shuffle them
  Args:
    input_dir: string, path of input dir, e.g., /path/to/dir
  Returns:
    file_paths: list of strings
  """
  file_paths = []

  for img_file in sorted(os.listdir(input_dir)):
    if img_file.endswith('.png'):
      img_path = os.path.join(input_dir, img_file)
      file_paths.append(img_path)

  if shuffle:
    # Shuffle the ordering of all image files in order to guarantee
    # random ordering of the images with respect to label in the
    # saved TFRecord files. Make the randomization repeatable.
    shuffled_index = list(range(len(file_paths)))
    random.seed(12345)
    random.shuffle(shuffled_index)

    file_paths = [file_paths[i] for i in shuffled_index]

  return file_paths


def _bytes_feature(value):
  """Wrapper for inserting bytes features into Example proto."""
  if not isinstance(value, list):
    value = [value]
  return tf.train.Feature(bytes_list=tf.train.BytesList(value=value))


def _convert_to_example(file_path, image_buffer):
  """Build an Example proto for an example.
  Args:
    file_path: string, path to an image file, e.g., '/path/to/example.JPG'
    image_buffer: string, PNG encoding of RGB image
  Returns:
    Example proto
  """
  file_name = file_path.split('/')[-1]

  example = tf.train.Example(features=tf.train.Features(feature={
      'image/file_name': _bytes_feature(tf.compat.as_bytes(os.path.basename(file_name))),
      'image/encoded_image': _bytes_feature((image_buffer))
    }))
  return example


def data_writer(input_dir, output_file):
  """Write data to tfrecords
  """
  file_paths = data_reader(input_dir)

  # create tfrecords dir if not exists
  output_dir = os.path.dirname(output_file)
  try:
    os.makedirs(output_dir)
  except os.error as e:
    pass

  images_num = len(file_paths)

  # dump to tfrecords file
  writer = tf.python_io.TFRecordWriter(output_file)

  for i in range(len(file_paths)):
    file_path = file_paths[i]

    with tf.gfile.FastGFile(file_path, 'rb') as f:
      image_data = f.read()

    example = _convert_to_example(file_path, image_data)
    writer.write(example.SerializeToString())

  writer.close()
  return images_num
