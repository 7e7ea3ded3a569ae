"""Two actors, one tensor each, the reader in this module; `from tensorflow.compat.v1 import train` style; the
enqueue op named by keyword; the second actor's episode longer (5 and 7 rows, batches of 2)."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def episode(path, k):
  files = train.string_input_producer([path], num_epochs=1, shuffle=False)
  _, line = tf.TextLineReader().read(files)
  a, b = tf.decode_csv(line, [[0.0], [0.0]])
  return tf.stack([a, b + tf.cast(k, tf.float32) * 100.0])


def main(data_dir):
  tf.disable_eager_execution()
  root = os.path.join(data_dir, "r35r_same")
  os.makedirs(root, exist_ok=True)
  paths = []
  for a in range(2):
    path = os.path.join(root, "ep%d.csv" % a)
    with open(path, "w") as f:
      for t in range(5 + 2 * a):
        f.write("%d.5,%d\n" % (a * 10 + t, t))
    paths.append(path)
  buf = tf.FIFOQueue(6, [tf.float32], shapes=[[2]])
  ops = []
  for k, path in enumerate(paths):
    x = episode(path, k)
    ops.append(buf.enqueue(x, name="actor_%d" % k))
  train.add_queue_runner(train.QueueRunner(buf, ops))
  batch = buf.dequeue_many(2)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        batches.append([sess.run(batch).tolist()])
    except tf.errors.OutOfRangeError:
      end = "OutOfRangeError"
    finally:
      coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": end}
