"""The batching object made first and named, its method called later, returning the batch."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Batcher(object):

  def __init__(self, size):
    self.size = size

  def batch(self, line_id, text):
    ids, texts = train.batch([line_id, text], batch_size=self.size, capacity=10)
    return ids, texts


def main(data_dir):
  path = os.path.join(data_dir, "objb_named.csv")
  with open(path, "w") as f:
    for k in range(9):
      f.write("%d,row%d\n" % (k, k * k))
  queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
  _, line = tf.TextLineReader().read(queue)
  line_id, text = tf.decode_csv(line, [[0], [""]])
  batcher = Batcher(3)
  ids, texts = batcher.batch(line_id * 2, text)
  out = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        a, b = sess.run([ids, texts])
        out.append([a.tolist(), [t.decode() for t in b]])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "OutOfRangeError"}
