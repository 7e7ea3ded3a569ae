import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

from kitecam50_lib.reader import KiteCamReader


class mc:  # model config
  TRAIN_BATCH_SIZE = 3
  TEST_BATCH_SIZE = 1
  USE_LSTM = False
  SEQUENCE_LENGTH = 1


class dc:  # data config
  IMAGE_HEIGHT = 4
  IMAGE_WIDTH = 4
  LIST_FILE = {'train': 'train.txt', 'val': 'val.txt', 'test': 'test.txt'}
  MIN_QUEUE_EXAMPLES = 6


def _png_gray(pixels):
  h, w = pixels.shape
  raw = b''.join(b'\x00' + bytes(bytearray(pixels[r].tolist())) for r in range(h))
  def chunk(tag, data):
    return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)
  return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)) +
          chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def make_frames(out):
  if not os.path.exists(out):
    os.makedirs(out)
  rng = np.random.RandomState(5006)
  lines = []
  for k in range(9):
    name = 'frame_%02d.png' % k
    px = rng.randint(0, 256, size=(4, 4)).astype(np.uint8)
    with open(os.path.join(out, name), 'wb') as f:
      f.write(_png_gray(px))
    lines.append('%s %d' % (name, rng.randint(0, 12)))
  with open(os.path.join(out, 'val.txt'), 'w') as f:
    f.write('\n'.join(lines) + '\n')
  return out


def main(data_dir):
  image_dir = make_frames(os.path.join(data_dir, 'h50_kite_webcam'))
  reader = KiteCamReader(mc, dc, image_dir, 'val')
  images, labels = reader.read()

  batches = []
  with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      step = 0
      while not coord.should_stop():
        im, lb = sess.run([images, labels])
        batches.append([np.round(im, 4).tolist(), lb.tolist()])
        step += 1
    except tf.errors.OutOfRangeError:
      print('val done, %d steps' % step)
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': batches, 'end': 'frames: %d' % sum(len(b[1]) for b in batches)}
