"""A package helper handing `reader=None` down to the per-thread read; two callers of it."""
import os

import tensorflow.compat.v1 as tf

from nr_lib import inputs, records


def collect(pattern, threads):
  ids, words, codes = inputs.line_input(pattern, threads, batch_size=3)
  rows = []
  with tf.Session() as sess:
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        i, w, c = sess.run([ids, words, codes])
        rows.append([i.tolist(), [x.decode() for x in w], [[int(v) for v in r if v] for r in c.tolist()]])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return rows


def main(data_dir):
  pattern = records.write_shards(os.path.join(data_dir, 'nr_handed_down'))
  batches = collect(pattern, 2)
  with tf.Graph().as_default():
    batches += collect(pattern, 1)
  return {'batches': batches, 'end': 'rows: %d' % sum(len(b[0]) for b in batches)}
