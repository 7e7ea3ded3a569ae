"""Shot-map attribute reader for ice hockey: train.py-style wiring of the attention_ocr data provider."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from puck52_lib import data_provider
from puck52_lib import datasets

CHARSET = ['<nul>', 'W', 'S', 'B', 'G', 'x']  # wrist, slap, backhand, goal, none


def _make_dataset(dataset_dir):
  rng = np.random.RandomState(99)
  train_dir = os.path.join(dataset_dir, 'train')
  if not os.path.isdir(train_dir):
    os.makedirs(train_dir)
  with open(os.path.join(dataset_dir, 'charset_size=6.txt'), 'w') as f:
    for code, ch in enumerate(CHARSET):
      f.write('%d\t%s\n' % (code, ch))
  shot = 0
  for shard in range(2):
    path = os.path.join(train_dir, 'train-%05d-of-00002' % shard)
    with tf.python_io.TFRecordWriter(path) as w:
      for _ in range(6):
        img = rng.randint(0, 256, size=(3, 6, 1)).astype(np.uint8)
        img[0, 0, 0] = shot
        n = 1 + shot % 3
        codes = list(rng.randint(1, 5, size=n)) + [5] * (3 - n)
        text = ''.join(CHARSET[c] for c in codes[:n])
        feature = {
            'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
            'image/format': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'raw'])),
            'image/width': tf.train.Feature(int64_list=tf.train.Int64List(value=[6])),
            'image/orig_width': tf.train.Feature(int64_list=tf.train.Int64List(value=[3])),
            'image/class': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(c) for c in codes])),
            'image/unpadded_class': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(c) for c in codes[:n]])),
            'image/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[text.encode()])),
        }
        w.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
        shot += 1


def main(data_dir):
  dataset_dir = os.path.join(data_dir, 'h52_shot_maps')
  _make_dataset(dataset_dir)

  dataset = datasets.rink.get_split('train', dataset_dir)
  shuffle_config = data_provider.ShuffleBatchConfig(
      num_batching_threads=2, queue_capacity=16, min_after_dequeue=4)
  data = data_provider.get_data(
      dataset,
      4,
      augment=False,
      central_crop_size=None,
      shuffle_config=shuffle_config,
      num_epochs=1)
  goals = tf.reduce_sum(data.labels_one_hot[:, :, 4], axis=1)

  batches = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        images, images_orig, labels, goal_count = sess.run(
            [data.images, data.images_orig, data.labels, goals])
        batches.append([images.tolist(), images_orig.tolist(), labels.tolist(),
                        goal_count.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "shots: %d" % sum(len(b[2]) for b in batches)}
