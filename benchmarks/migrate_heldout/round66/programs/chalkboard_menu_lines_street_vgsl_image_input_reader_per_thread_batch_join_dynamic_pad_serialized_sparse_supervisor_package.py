"""Chalkboard menu lines read the way tensorflow/models' street (VGSL) model reads its FSNS text lines:
vgsl_input.ImageInput with one reader per preprocessing thread sharing the filename queue, batch_join with
dynamic padding, labels carried through the batch as serialized SparseTensors, and a Supervisor training loop
(vgsl_model.Train)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from vgsl66_lib import menu_records
from vgsl66_lib import vgsl_input


def Train(train_data, max_steps, num_threads=2):
  """Utility to train a model (reduced: the model is a per-row sum of the line image)."""
  shape = vgsl_input.ImageShape(batch_size=4, height=4, width=None, depth=1)
  images, heights, widths, labels, sparse_labels, truths = vgsl_input.ImageInput(
      train_data, num_threads, shape, using_ctc=True)
  global_step = tf.train.get_or_create_global_step()
  step_op = tf.assign_add(global_step, 1)
  ink = tf.reduce_sum(images, axis=[1, 2, 3])
  label_counts = tf.sparse_reduce_sum(
      tf.SparseTensor(sparse_labels.indices, tf.ones_like(sparse_labels.values), sparse_labels.dense_shape), axis=1)

  sv = tf.train.Supervisor(logdir=None, global_step=global_step, save_model_secs=0, save_summaries_secs=0)
  rows = []
  with sv.managed_session() as sess:
    step = 0
    while step < max_steps and not sv.should_stop():
      np_truths, np_w, np_h, np_labels, np_ink, np_counts, step = sess.run(
          [truths, widths, heights, labels, ink, label_counts, step_op])
      rows.append([
          [t.decode('utf-8') for t in np_truths.tolist()],
          np_w.tolist(),
          np_h.tolist(),
          [[int(v) for v in row if v != 0] for row in np_labels.tolist()],
          np.round(np_ink, 3).tolist(),
          np_counts.tolist(),
      ])
  return rows, step


def main(data_dir):
  out_dir = os.path.join(data_dir, 'h66_chalkboard_menu')
  if not os.path.isdir(out_dir):
    os.makedirs(out_dir)
  menu_records.write_shards(out_dir)
  batches, steps = Train(os.path.join(out_dir, 'menu-*-of-*.tfrecord'), max_steps=100)
  return {'batches': batches, 'end': 'menu lines: %d in %d steps' % (sum(len(b[0]) for b in batches), steps)}
