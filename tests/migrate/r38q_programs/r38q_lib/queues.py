import os

import tensorflow as tf

v1 = tf.compat.v1


def make_queue(root, split, epochs=1):
  pattern = os.path.join(root, split + '-*.bin')
  files = sorted(v1.gfile.Glob(pattern))
  return v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
