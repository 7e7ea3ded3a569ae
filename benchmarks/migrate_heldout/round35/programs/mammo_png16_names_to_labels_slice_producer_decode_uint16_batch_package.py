"""Mammogram patches: 16-bit PNGs, the class read off the file name (benign / cancer / normal)."""
import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from mammo35_lib import data


def _png16(path, arr):
  h, w = arr.shape
  raw = b"".join(b"\x00" + arr[r].astype(">u2").tobytes() for r in range(h))

  def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)

  with open(path, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def main(data_dir):
  root = os.path.join(data_dir, "h35_mammo")
  os.makedirs(root, exist_ok=True)
  rng = np.random.RandomState(35)
  kinds = ["benign", "cancer", "normal"]
  file_list = []
  for i in range(7):
    path = os.path.join(root, "patch_%02d_%s.png" % (i, kinds[i % 3]))
    _png16(path, rng.randint(0, 65535, size=(4, 4)).astype(np.uint16))
    file_list.append(path)
  image_batch, label_batch = data.inputs(file_list, batch_size=3)
  batches = []
  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      imgs, labels = sess.run([image_batch, label_batch])
      batches.append([np.round(imgs, 5).tolist(), labels.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": "mammo patches: %d" % sum(len(b[1]) for b in batches)}
