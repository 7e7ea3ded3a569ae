"""HLA crossmatch records: a label map of matched antigens turned into padded (mismatched,
matched) index pairs by _lm2lp, batched in file order (package)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from hla51_lib import compile_data
from hla51_lib import read_data


def main(data_dir):
  root = os.path.join(data_dir, 'h51_hla_crossmatch')
  if not os.path.isdir(root):
    os.makedirs(root)
  path = os.path.join(root, 'crossmatch.tfrecord')
  compile_data.compile_records(path, 10)

  ids, pra, label_map, pairs, n_pairs = read_data.inputs(path, 4)

  batches = []
  sess = tf.Session()
  sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
  coord = tf.train.Coordinator()
  threads = tf.train.start_queue_runners(sess=sess, coord=coord)
  try:
    while not coord.should_stop():
      i, p, lm, pr, n = sess.run([ids, pra, label_map, pairs, n_pairs])
      batches.append([i.tolist(), np.round(p.astype(np.float64), 4).tolist(), lm.tolist(),
                      pr.tolist(), n.tolist()])
  except tf.errors.OutOfRangeError:
    pass
  finally:
    coord.request_stop()
  coord.join(threads)
  sess.close()
  return {"batches": batches, "end": "pairs: %d" % sum(len(b[0]) for b in batches)}
