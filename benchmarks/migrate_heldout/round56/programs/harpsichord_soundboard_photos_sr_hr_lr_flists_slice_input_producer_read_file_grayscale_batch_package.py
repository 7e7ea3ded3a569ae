"""Super-resolution of harpsichord soundboard photos (rose and painted border): paired high / low resolution PNG lists.

The input sub graph lives in sr56_lib/data.py, as `dataset(hr_flist, lr_flist, ...)`: two list
files, one slice producer over both lists, grey-scale conversion. The model is a one-layer
upsampler trained for as long as the producer gives pairs.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sr56_lib import data
from sr56_lib.util import write_png

NAME = 'h56_harpsichord_soundboard_photos_sr_hr_lr_flists_slice_input_producer_read_file_grayscale_batch_package'


def make_boards(root):
  hr_dir, lr_dir = os.path.join(root, 'HR'), os.path.join(root, 'LR_x2')
  for d in (hr_dir, lr_dir):
    if not os.path.exists(d):
      os.makedirs(d)
  rng = np.random.RandomState(562)
  hr_names, lr_names = [], []
  for i in range(10):
    board = rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8)
    small = board.reshape(2, 2, 2, 2, 3).mean(axis=(1, 3)).astype(np.uint8)
    hr_path = os.path.join(hr_dir, 'board_%03d.png' % i)
    lr_path = os.path.join(lr_dir, 'board_%03dx2.png' % i)
    write_png(hr_path, board)
    write_png(lr_path, small)
    hr_names.append(hr_path)
    lr_names.append(lr_path)
  with open(os.path.join(root, 'hr_flist.txt'), 'w') as f:
    f.write('\n'.join(hr_names))
  with open(os.path.join(root, 'lr_flist.txt'), 'w') as f:
    f.write('\n'.join(lr_names))
  return os.path.join(root, 'hr_flist.txt'), os.path.join(root, 'lr_flist.txt')


def upsample(lr_batch):
  with tf.variable_scope('upsample'):
    up = tf.image.resize_nearest_neighbor(lr_batch, [4, 4])
    w = tf.get_variable('w', [], initializer=tf.constant_initializer(1.0))
    b = tf.get_variable('b', [], initializer=tf.constant_initializer(0.0))
    return up * w + b


def main(data_dir):
  root = os.path.join(data_dir, NAME)
  hr_flist, lr_flist = make_boards(root)

  hr, lr, name = data.dataset(hr_flist, lr_flist, num_epochs=1)
  hr_batch, lr_batch, name_batch = data.batch(hr, lr, name, batch_size=4)
  sr = upsample(lr_batch)
  loss = tf.losses.mean_squared_error(hr_batch, sr)
  global_step = tf.train.get_or_create_global_step()
  train_op = tf.train.AdamOptimizer(1e-3).minimize(loss, global_step=global_step)

  batches = []
  sess = tf.Session()
  sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      _, h, l, n = sess.run([train_op, hr_batch, lr_batch, name_batch])
      batches.append([np.round(h.astype(np.float64), 5).tolist(),
                      np.round(l.astype(np.float64), 5).tolist(),
                      [os.path.basename(x.decode()) for x in n]])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  step = sess.run(global_step)
  sess.close()
  return {"batches": batches, "end": "boards: %d, steps: %d" % (sum(len(b[2]) for b in batches), step)}
