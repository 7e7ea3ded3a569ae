"""Bridge deck inspection crops: a DataLoader(height, width, batch_size, num_splits, cpu_device,
gpu_devices, ...) counting list.txt lines, reading the train list by slice_input_producer under
the CPU device and splitting each batch into one slice per GPU (package)."""
import os

import numpy as np
import tensorflow as tf

from deck51_lib.data_loader import DataLoader

tf1 = tf.compat.v1


def _write(root):
  rng = np.random.RandomState(9)
  with tf.Graph().as_default():
    ph = tf1.placeholder(tf.uint8, [None, None, 1])
    enc = tf.image.encode_png(ph)
    with tf1.Session() as s:
      for db, n in (('train_db', 10), ('val_db', 3)):
        d = os.path.join(root, db)
        if not os.path.isdir(d):
          os.makedirs(d)
        lines = []
        for i in range(n):
          side = 3 + i % 3
          arr = rng.randint(0, 255, size=(side, side, 1)).astype(np.uint8)
          name = 'span%d_crop%02d.png' % (i % 4, i)
          with open(os.path.join(d, name), 'wb') as f:
            f.write(s.run(enc, {ph: arr}))
          lines.append('%s %d' % (name, int(arr.mean() > 127)))
        with open(os.path.join(d, 'list.txt'), 'w') as f:
          f.write('\n'.join(lines) + '\n')
  with open(os.path.join(root, 'labels.txt'), 'w') as f:
    f.write('sound\ncracked\n')


def main(data_dir):
  root = os.path.join(data_dir, 'h51_deck_cracks')
  _write(root)
  loader = DataLoader(height=3, width=3, batch_size=2, num_splits=2, cpu_device='/cpu:0',
                      gpu_devices=['/gpu:0', '/gpu:1'], data_type=tf.float32,
                      train_db=os.path.join(root, 'train_db'), val_db=os.path.join(root, 'val_db'),
                      labels_file=os.path.join(root, 'labels.txt'), verbosity=1)
  image_splits, label_splits, path_splits = loader.train_batch()
  tower_means = []
  for i, dev in enumerate(loader.gpu_devices):
    with tf.device(dev):
      tower_means.append(tf.reduce_mean(image_splits[i], axis=[1, 2, 3]))

  batches = []
  config = tf1.ConfigProto(allow_soft_placement=True)
  with tf1.Session(config=config) as sess:
    sess.run(tf1.local_variables_initializer())
    coord = tf1.train.Coordinator()
    threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        labels, paths, means = sess.run([label_splits, path_splits, tower_means])
        for l, p, m in zip(labels, paths, means):
          batches.append([[os.path.basename(x.decode()) for x in p],
                          [loader.labels[x] for x in l],
                          np.round(m.astype(np.float64), 4).tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches,
          "end": "crops: %d of %d" % (sum(len(b[0]) for b in batches), loader.total_train)}
