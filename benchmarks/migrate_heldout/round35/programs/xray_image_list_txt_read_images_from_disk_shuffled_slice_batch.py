"""Chest X-ray thumbnails listed in a text file `path label`, read by a shuffled slice producer."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.python.framework import dtypes
from tensorflow.python.framework import ops

BATCH_SIZE = 4
NUM_EPOCHS = 1


def _write_png(path, arr):
  h, w = arr.shape
  raw = b"".join(b"\x00" + arr[r].tobytes() for r in range(h))

  def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)

  with open(path, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def read_labeled_image_list(image_list_file):
  f = open(image_list_file, 'r')
  filenames = []
  labels = []
  for line in f:
    filename, label = line[:-1].split(' ')
    filenames.append(filename)
    labels.append(int(label))
  f.close()
  return filenames, labels


def read_images_from_disk(input_queue):
  label = input_queue[1]
  file_contents = tf.read_file(input_queue[0])
  example = tf.image.decode_png(file_contents, channels=1)
  return example, label


def preprocess_image(image):
  image = tf.image.resize_image_with_crop_or_pad(image, 4, 4)
  return tf.cast(image, tf.int32)


def main(data_dir):
  root = os.path.join(data_dir, "h35_xray")
  os.makedirs(root, exist_ok=True)
  rng = np.random.RandomState(3501)
  with open(os.path.join(root, "train.txt"), "w") as out:
    for i in range(12):
      side = 3 + i % 3
      path = os.path.join(root, "cxr_%03d.png" % i)
      _write_png(path, rng.randint(0, 255, size=(side, side)).astype(np.uint8))
      out.write("%s %d\n" % (path, i % 2))
  image_list, label_list = read_labeled_image_list(os.path.join(root, "train.txt"))
  images = ops.convert_to_tensor(image_list, dtype=dtypes.string)
  labels = ops.convert_to_tensor(label_list, dtype=dtypes.int32)
  input_queue = tf.train.slice_input_producer([images, labels], num_epochs=NUM_EPOCHS, shuffle=True)
  image, label = read_images_from_disk(input_queue)
  image = preprocess_image(image)
  image_batch, label_batch = tf.train.batch([image, label], batch_size=BATCH_SIZE)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        x, y = sess.run([image_batch, label_batch])
        batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
      print("done")
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "xray batches: %d" % len(batches)}
