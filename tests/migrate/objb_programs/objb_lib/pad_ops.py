"""Caption batching in the im2txt shape: the input, target and mask are computed from the caption."""
from tensorflow.compat.v1 import train

import tensorflow.compat.v1 as tf


def read_caption(file_queue):
  reader = tf.TFRecordReader()
  _, value = reader.read(file_queue)
  parsed = tf.parse_single_example(value, {"ids": tf.VarLenFeature(tf.int64)})
  return tf.cast(tf.sparse_tensor_to_dense(parsed["ids"]), tf.int32)


def batch_with_dynamic_pad(caption, batch_size, queue_capacity):
  """Input is the caption less its last word, target the caption less its first, mask ones."""
  caption_length = tf.shape(caption)[0]
  input_length = tf.expand_dims(tf.subtract(caption_length, 1), 0)
  input_seq = tf.slice(caption, [0], input_length)
  target_seq = tf.slice(caption, [1], input_length)
  indicator = tf.ones(input_length, dtype=tf.int32)
  input_seqs, target_seqs, mask = train.batch(
      [input_seq, target_seq, indicator], batch_size=batch_size, capacity=queue_capacity,
      dynamic_pad=True, name="batch_and_pad")
  return input_seqs, target_seqs, mask
