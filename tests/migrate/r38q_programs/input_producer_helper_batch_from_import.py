"""An input_producer over an int table handed to a helper that dequeues one row and computes on it, batched
by `train.batch` (one thread, no shuffle: in order); `from tensorflow.compat.v1 import train` style."""
import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def row_features(rows):
  row = rows.dequeue()
  total = tf.reduce_sum(row)
  return row * 2, total


def main(data_dir):
  table = np.arange(30, dtype=np.int64).reshape(10, 3)
  rows = train.input_producer(tf.constant(table), num_epochs=1, shuffle=False)
  doubled, total = row_features(rows)
  d, t = train.batch([doubled, total], batch_size=5)
  batches = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        a, b = sess.run([d, t])
        batches.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": batches, "end": "OutOfRangeError"}
