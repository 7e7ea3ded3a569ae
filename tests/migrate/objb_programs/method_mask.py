import os

import numpy as np
import tensorflow.compat.v1 as tf


class Captions(object):

  def __init__(self, batch_size):
    self.batch_size = batch_size

  def pad(self, caption, batch_size):
    input_seq = caption[:-1]
    target_seq = caption[1:]
    mask = tf.ones_like(input_seq)
    return tf.train.batch([input_seq, target_seq, mask], batch_size, dynamic_pad=True)

  def build(self, path):
    queue = tf.train.string_input_producer([path], shuffle=False, num_epochs=1)
    _, line = tf.TextLineReader().read(queue)
    caption = tf.string_to_number(tf.string_split([line]).values, tf.int32)
    return self.pad(caption, self.batch_size)


def main(data_dir):
  path = os.path.join(data_dir, "objb_lines.txt")
  rng = np.random.RandomState(3)
  with open(path, "w") as f:
    for _ in range(8):
      f.write(" ".join(str(int(t)) for t in rng.randint(1, 9, size=int(rng.randint(2, 6)))) + "\n")
  inputs, targets, mask = Captions(4).build(path)
  out = []
  with tf.Session() as sess:
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      while True:
        i, t, m = sess.run([inputs, targets, mask])
        out.append([i.tolist(), t.tolist(), m.tolist()])
    except tf.errors.OutOfRangeError:
      pass
    coord.request_stop()
    coord.join(threads)
  return {"batches": out, "end": "OutOfRangeError"}
