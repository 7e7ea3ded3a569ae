"""Per-thread readers handed down a `reader=None` parameter, joined with dynamic padding."""
import tensorflow.compat.v1 as tf


def line_input(pattern, num_threads, batch_size, reader=None):
  files = tf.gfile.Glob(pattern)
  queue = tf.train.string_input_producer(files, num_epochs=1, seed=5)
  lists = []
  for _ in range(num_threads):
    ident, word, codes = _read_one(queue, reader)
    lists.append([ident, word, codes])
  ids, words, codes = tf.train.batch_join(lists, batch_size=batch_size, capacity=8 * batch_size,
                                          dynamic_pad=True)
  return tf.reshape(ids, [-1]), words, codes


def _read_one(queue, reader=None):
  if reader:
    reader = reader()
  else:
    reader = tf.TFRecordReader()
  _, serialized = reader.read(queue)
  feats = tf.parse_single_example(serialized, {
      'id': tf.FixedLenFeature([1], tf.int64),
      'word': tf.FixedLenFeature([], tf.string),
      'codes': tf.VarLenFeature(tf.int64)})
  return feats['id'], feats['word'], tf.sparse_tensor_to_dense(feats['codes'])
