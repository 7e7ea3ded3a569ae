"""Trains the input side of a 'shift-thoughts' encoder on ice hockey shift event sequences.

Each example holds one shift's events ("encode") and the shifts before and after it
("decode_pre" / "decode_post"), as skip_thoughts' preprocess_dataset.py lays out sentences.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from shift52_lib import configuration
from shift52_lib import shift_thoughts_model




def _int64_feature(values):
  return tf.train.Feature(int64_list=tf.train.Int64List(value=values))


def _write_shifts(folder):
  rng = np.random.RandomState(1952)
  if not os.path.isdir(folder):
    os.makedirs(folder)
  shifts = [list(rng.randint(1, 12, size=1 + rng.randint(0, 5))) for _ in range(11)]
  files = []
  for part, rows in (("train-00000-of-00002", range(1, 6)), ("train-00001-of-00002", range(6, 10))):
    path = os.path.join(folder, part)
    with tf.python_io.TFRecordWriter(path) as w:
      for i in rows:
        ex = tf.train.Example(features=tf.train.Features(feature={
            "encode": _int64_feature([int(v) for v in shifts[i]]),
            "decode_pre": _int64_feature([int(v) for v in shifts[i - 1]]),
            "decode_post": _int64_feature([int(v) for v in shifts[i + 1]]),
        }))
        w.write(ex.SerializeToString())
    files.append(path)
  return files


def main(data_dir):
  folder = os.path.join(data_dir, "h52_hockey_shifts")
  files = _write_shifts(folder)

  model_config = configuration.model_config(
      input_file_pattern=",".join(files),
      input_queue_capacity=8,
      shuffle_input_data=False,
      batch_size=3)
  model_config.num_epochs = 1

  g = tf.get_default_graph()
  with g.as_default():
    model = shift_thoughts_model.ShiftThoughtsModel(model_config, mode="train")
    model.build()
    global_step = tf.train.get_or_create_global_step()
    increment = tf.assign_add(global_step, 1)

  batches = []
  sv = tf.train.Supervisor(graph=g, logdir=None, init_op=tf.group(
      tf.global_variables_initializer(), tf.local_variables_initializer()),
      summary_op=None, saver=None, global_step=global_step)
  with sv.managed_session() as sess:
    while not sv.should_stop():
      (enc, enc_mask, pre, pre_mask, post, post_mask, lengths, _) = sess.run([
          model.encode_ids, model.encode_mask, model.decode_pre_ids,
          model.decode_pre_mask, model.decode_post_ids, model.decode_post_mask,
          model.encode_lengths, increment])
      batches.append([enc.tolist(), enc_mask.tolist(), pre.tolist(), pre_mask.tolist(),
                      post.tolist(), post_mask.tolist(), lengths.tolist()])
  return {"batches": batches, "end": "shifts: %d" % sum(len(b[0]) for b in batches)}
