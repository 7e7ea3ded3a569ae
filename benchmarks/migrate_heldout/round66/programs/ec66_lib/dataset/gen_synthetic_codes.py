"""Generate a synthetic dataset of binary codes: here the edge profiles of jigsaw puzzle pieces (tab / blank /
flat along each edge), one code of height x width x depth bits per piece."""

import numpy as np
import tensorflow.compat.v1 as tf


def GenerateDataset(filename, count, code_depth, seed=6630):
  rng = np.random.RandomState(seed)
  with tf.python_io.TFRecordWriter(filename) as file_writer:
    for piece in range(count):
      height = 1 + piece % 3
      width = 2
      code = rng.randint(0, 2, size=(height, width, code_depth)).astype(np.float32) * 2.0 - 1.0
      example = tf.train.Example(features=tf.train.Features(feature={
          'code_shape': tf.train.Feature(int64_list=tf.train.Int64List(value=[height, width, code_depth])),
          'code': tf.train.Feature(float_list=tf.train.FloatList(value=code.ravel().tolist())),
      }))
      file_writer.write(example.SerializeToString())
