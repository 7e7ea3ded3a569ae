import os

import numpy as np
import tensorflow as tf

from textile46_lib.reader import Reader

DEFECTS = ['none', 'hole', 'stain', 'broken_yarn']


def write_patches(path):
  rng = np.random.RandomState(4612)
  with tf.io.TFRecordWriter(path) as writer:
    for i in range(12):
      defect = i % len(DEFECTS)
      patch = rng.randint(100, 140, size=(8, 8, 1)).astype(np.uint8)
      if defect == 1:
        patch[3:5, 3:5] = 0
      elif defect == 2:
        patch[1:4, 4:7] = 220
      elif defect == 3:
        patch[:, 2] = 30
      png = tf.io.encode_png(patch).numpy() if tf.executing_eagerly() else _png_bytes(patch)
      ex = tf.train.Example(features=tf.train.Features(feature={
        'image/file_name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'roll7_patch%02d.png' % i])),
        'image/encoded_image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[png])),
        'image/defect': tf.train.Feature(int64_list=tf.train.Int64List(value=[defect])),
      }))
      writer.write(ex.SerializeToString())


def _png_bytes(patch):
  with tf.Graph().as_default():
    with tf.compat.v1.Session() as s:
      return s.run(tf.io.encode_png(patch))


def main(data_dir):
  folder = os.path.join(data_dir, 'h46_textile_patches')
  os.makedirs(folder, exist_ok=True)
  path = os.path.join(folder, 'fabric.tfrecords')
  write_patches(path)

  reader = Reader(path, name='fabric', image_size=8, batch_size=4)
  images, defects, names = reader.feed()
  darkest = tf.reduce_min(images, axis=[1, 2, 3])

  out = []
  with tf.compat.v1.Session() as sess:
    sess.run(tf.compat.v1.local_variables_initializer())
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      step = 0
      while not coord.should_stop():
        im, d, n, dk = sess.run([images, defects, names, darkest])
        out.append([np.round(im[..., 0], 4).tolist(), d.tolist(), [x.decode() for x in n], np.round(dk, 4).tolist()])
        step += 1
    except KeyboardInterrupt:
      print('Interrupted')
      coord.request_stop()
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {'batches': out, 'end': 'patches: %d' % sum(len(b[1]) for b in out)}
