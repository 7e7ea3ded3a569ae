import os
import random

import numpy as np
import tensorflow as tf

from esp46_lib import input as esp_input
from esp46_lib.globals import CSV_COLUMNS


def write_drafts(path):
  random.seed(4611)
  with open(path, "w") as f:
    f.write(",".join(CSV_COLUMNS) + "\n")
    for m in range(5):
      for team in ("radiant", "dire"):
        heroes = random.sample(range(1, 120), 8)
        f.write("M%03d,%s,%s,%s,%.1f,%d\n" % (
            m, team, ";".join(str(h) for h in heroes[:5]), ";".join(str(h) for h in heroes[5:]),
            random.uniform(20, 60), int(random.random() < 0.5)))


def main(data_dir):
  folder = os.path.join(data_dir, "h46_esports_drafts")
  os.makedirs(folder, exist_ok=True)
  path = os.path.join(folder, "drafts.csv")
  write_drafts(path)

  features, labels = esp_input.read_dataset(path, mode="eval")()
  pick_mean = tf.reduce_mean(features["picks"], axis=1)

  batches = []
  with tf.compat.v1.Session() as sess:
    sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        f, l, pm = sess.run([features, labels, pick_mean])
        row = []
        for k in sorted(f):
          v = f[k]
          row.append([x.decode() for x in v] if v.dtype.kind in "SO" else np.round(v, 4).tolist())
        row.append(l.tolist())
        row.append(np.round(pm, 4).tolist())
        batches.append(row)
    except tf.errors.OutOfRangeError:
      pass
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "drafts: %d" % sum(len(b[-1]) for b in batches)}
