"""Ferret burrow-camera snapshots through an image-loading module in the shape of an unnamed excerpt
("Updated: 2017/3/28": `from core.database import data_entry`, `from core.database.queue import
data_prefetch`, `from core.database.preprocessing.factory import preprocessing`, `_load_image(path, cfgimg,
phase)` with `read_file`, `decode_image(image_raw, channels=cfgimg.channels)`, `reshape` to
`[cfgimg.raw_height, cfgimg.raw_width, cfgimg.channels]`, "if graying", then preprocessing). The `core` package
is a stand-in (`ferret77/core`); `load_image(config, phase)` below and the config classes are the writer's."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ferret77.core.database import data_entry
from ferret77.core.database.queue import data_prefetch
from ferret77.core.database.preprocessing.factory import preprocessing


class cfg_image(object):
    raw_height = 5
    raw_width = 5
    output_height = 4
    output_width = 4
    channels = 3
    gray = True
    preprocessing_method = 'plain'


class cfg_data(object):
    data_dir = ''
    entry_path = ''
    batchsize = 2
    loader_num_threads = 1
    shuffle = False
    image = cfg_image


def _load_image(path, cfgimg, phase):
  """ from path load and set image.
  """
  # load in
  image_raw = tf.read_file(path)
  image = tf.image.decode_image(image_raw, channels=cfgimg.channels)
  image = tf.reshape(image, [cfgimg.raw_height,
                             cfgimg.raw_width,
                             cfgimg.channels])

  # if graying
  if cfgimg.gray:
    image = tf.image.rgb_to_grayscale(image)

  # preprocessing
  process_fn = preprocessing(cfgimg.preprocessing_method)
  image = process_fn(image, cfgimg.output_height, cfgimg.output_width, phase == 'train')
  return image


def load_image(config, phase):
  """ load image from the entry list
  """
  data = config
  image_list, label_list = data_entry.load_image(data.data_dir, data.entry_path)
  images = tf.convert_to_tensor(image_list, dtype=tf.string)
  labels = tf.convert_to_tensor(label_list, dtype=tf.int32)
  path, label = tf.train.slice_input_producer([images, labels], shuffle=data.shuffle, num_epochs=1)
  content = _load_image(path, data.image, phase)
  return data_prefetch.generate_batch([content, label, path], data.batchsize, data.shuffle,
                                      num_threads=data.loader_num_threads)


def make_snapshots(folder):
  rng = np.random.RandomState(7708)
  g = tf.Graph()
  with g.as_default():
    pixels = tf.placeholder(tf.uint8, [5, 5, 3])
    png = tf.image.encode_png(pixels)
    with tf.Session(graph=g) as sess:
      lines = []
      for i in range(6):
        name = 'burrow_%02d.png' % i
        with open(os.path.join(folder, name), 'wb') as f:
          f.write(sess.run(png, {pixels: rng.randint(0, 256, size=(5, 5, 3)).astype(np.uint8)}))
        lines.append('%s %d\n' % (name, rng.randint(0, 3)))
  with open(os.path.join(folder, 'test.txt'), 'w') as f:
    f.writelines(lines)


def main(data_dir):
  folder = os.path.join(data_dir, 'h77_ferret')
  os.makedirs(folder, exist_ok=True)
  make_snapshots(folder)
  config = cfg_data
  config.data_dir = folder
  config.entry_path = os.path.join(folder, 'test.txt')

  images, labels, paths = load_image(config, 'test')
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        im, lb, pt = sess.run([images, labels, paths])
        batches.append([np.round(im[:, :, :, 0], 3).tolist(), lb.tolist(),
                        [os.path.basename(p.decode()) for p in pt]])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {'batches': batches, 'end': 'snapshots: %d' % sum(len(b[1]) for b in batches)}
