"""An input_producer of (path, label) string pairs in another module, dequeued by a helper there that 2
copies of a batch_join with shapes= compete for (each pair once, in any order)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r38q_lib.pairs import batch_pairs


def main(data_dir):
  root = os.path.join(data_dir, 'r38q_pairs')
  os.makedirs(root, exist_ok=True)
  pairs = []
  for i in range(8):
    path = os.path.join(root, 'item_%d.raw' % i)
    with open(path, 'wb') as f:
      f.write(np.arange(i, i + 6, dtype=np.uint8).tobytes())
    pairs.append((path, str(i % 3)))
  raws, labels = batch_pairs(pairs, 'val', 4)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while not coord.should_stop():
        r, l = sess.run([raws, labels])
        batches.append([r.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
