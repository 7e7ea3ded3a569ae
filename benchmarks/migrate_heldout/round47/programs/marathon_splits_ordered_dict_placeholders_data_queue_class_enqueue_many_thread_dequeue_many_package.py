import os
import random
from collections import OrderedDict

import numpy as np
import tensorflow.compat.v1 as tf

from marathon47_lib.data_queue import DataQueue
from marathon47_lib import splits as splits_io


def _write(path):
  rng = random.Random(4707)
  with open(path, "w") as f:
    f.write("bib,k10,k21,k30,k40,finish\n")
    for bib in range(101, 113):
      pace = rng.uniform(3.4, 6.0)
      t = [round(pace * k * rng.uniform(0.97, 1.03), 1) for k in (10, 21.1, 30, 40)]
      f.write("%d,%s,%.1f\n" % (bib, ",".join(str(x) for x in t), round(pace * 42.195, 1)))


def main(data_dir):
  folder = os.path.join(data_dir, "h47_marathon_splits")
  os.makedirs(folder, exist_ok=True)
  path = os.path.join(folder, "results.csv")
  _write(path)

  placeholder_dict = OrderedDict()
  placeholder_dict["bib"] = tf.placeholder(tf.int32, [None], name="bib")
  placeholder_dict["splits"] = tf.placeholder(tf.float32, [None, 4], name="splits")
  placeholder_dict["finish"] = tf.placeholder(tf.float32, [None], name="finish")

  data_queue = DataQueue(placeholder_dict, seed=47)
  bib, splits, finish = data_queue.dequeue(4)
  second_half = finish - splits[:, 1]

  arrays = splits_io.read_splits(path)
  batches = []
  sess = tf.Session()
  thread = data_queue.start_thread(sess, splits_io.chunk_iterator(arrays, 5))
  while True:
    try:
      b, s, f, h = sess.run([bib, splits, finish, second_half])
    except tf.errors.OutOfRangeError:
      break
    batches.append([b.tolist(), np.round(s.astype(np.float64), 1).tolist(), np.round(f.astype(np.float64), 1).tolist(),
                    np.round(h.astype(np.float64), 1).tolist()])
  thread.join()
  sess.close()
  return {"batches": batches, "end": "runners: %d" % sum(len(x[0]) for x in batches)}
