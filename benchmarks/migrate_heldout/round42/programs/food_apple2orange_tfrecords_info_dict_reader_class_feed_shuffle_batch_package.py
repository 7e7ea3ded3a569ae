import os

import numpy as np
import tensorflow.compat.v1 as tf

from food42_lib import build_data
from food42_lib import reader as reader_module
from food42_lib.reader import Reader


def main(data_dir):
  root = os.path.join(data_dir, 'h42_food_apple2orange')
  reader_module.DATA_ROOT = root
  for name, prefix, seed in (('apple', 'n07740461', 421), ('orange', 'n07747607', 422)):
    input_dir, output_file = reader_module._info(name)
    build_data.make_photos(input_dir, prefix, 8, seed)
    build_data.data_writer(input_dir, output_file)

  graph = tf.get_default_graph()
  with graph.as_default():
    X_reader = Reader('apple', image_size=4, min_queue_examples=4, batch_size=4)
    Y_reader = Reader('orange', image_size=4, min_queue_examples=4, batch_size=4)
    x = X_reader.feed()
    y = Y_reader.feed()

  batches = []
  counts = {}
  with tf.Session(graph=graph) as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
      for name, fetch in (('apple', x), ('orange', y)):
        counts[name] = 0
        while True:
          try:
            images, file_names = sess.run(fetch)
          except tf.errors.OutOfRangeError:
            break
          counts[name] += len(file_names)
          batches.append([np.round(images.astype(np.float64), 6).tolist(),
                          [n.decode() for n in file_names]])
    finally:
      coord.request_stop()
      coord.join(threads)
  return {"batches": batches, "end": "apples: %d, oranges: %d" % (counts['apple'], counts['orange'])}
