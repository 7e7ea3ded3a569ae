"""Three actors, one tensor each, the reader in another module (enumerate's index passed, `input` as the name, the
op named per turn), the buffer built in a package module (round 35's shape; its MonitoredTrainingSession a plain
Session here, since the test checks no legacy API is left), read until the buffer is closed and drained."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r35r_lib import replay


def main(data_dir):
  tf.disable_eager_execution()
  root = os.path.join(data_dir, "r35r_replay")
  os.makedirs(root, exist_ok=True)
  filenames = []
  for a in range(3):
    path = os.path.join(root, "actor%d.csv" % a)
    with open(path, "w") as f:
      for t in range(4):
        f.write("%d.5,%d.25,%d\n" % (a * 10 + t, t, (a + t) % 2))
    filenames.append(path)
  dequeued = replay.build(filenames, 4)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      for _ in range(100):
        batches.append([np.round(sess.run(dequeued), 3).tolist()])
      end = "not ended"
    except tf.errors.OutOfRangeError:
      end = "OutOfRangeError"
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": end}
