"""The producer helper in a package module (its per-element code in that module's other function), called from
this module, which batches: once in order, once shuffled (multiset)."""
import os

import tensorflow.compat.v1 as tf

from r35m_lib import records


def _write(data_dir, n):
  paths = []
  for i in range(n):
    path = os.path.join(data_dir, "r35m_pkg_%s.txt" % ("x" * i))
    with open(path, "w") as f:
      f.write("%d\n" % (i * i))
    paths.append(path)
  return paths


def ordered(paths):
  value, label = records.files_and_labels(paths, False)
  return tf.train.batch([value, label], batch_size=3)


def main(data_dir):
  tensors = ordered(_write(data_dir, 9))
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        v, l = sess.run(tensors)
        batches.append([v.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
