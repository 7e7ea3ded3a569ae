"""A replay buffer queue fed by one enqueue op per actor (each reading its own episode file)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from rl35_lib import replay

n_thread = 3
batch_size = 4
max_iter = 100


def main(data_dir):
  root = os.path.join(data_dir, "h35_replay")
  os.makedirs(root, exist_ok=True)
  filenames = []
  for a in range(n_thread):
    path = os.path.join(root, "actor%d.csv" % a)
    with open(path, "w") as f:
      for t in range(4):
        f.write("%d.5,%d.25,%d\n" % (a * 10 + t, t, (a + t) % 2))
    filenames.append(path)
  dequeued = replay.build(filenames, batch_size)
  batches = []
  with tf.train.MonitoredTrainingSession() as sess:
    for j in range(max_iter):
      if sess.should_stop():
        break
      outputs = sess.run(dequeued)
      batches.append([np.round(outputs, 3).tolist()])
  return {"batches": batches, "end": "replay iters: %d" % len(batches)}
