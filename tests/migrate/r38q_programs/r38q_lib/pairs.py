import tensorflow.compat.v1 as tf


def read_pair(pair_q, mode):
  item = pair_q.dequeue()
  path = item[0]
  label = item[1]
  raw = tf.decode_raw(tf.read_file(path), tf.uint8)
  if mode == 'train':
    raw = raw + 1
  raw = tf.reshape(raw, [2, 3])
  label = tf.string_to_number(label, tf.int32)
  return [raw, label]


def batch_pairs(pairs, mode, batch_size, threads=2):
  pair_q = tf.train.input_producer(pairs, num_epochs=1, shuffle=True)
  return tf.train.batch_join([read_pair(pair_q, mode) for i in range(threads)], batch_size,
                             shapes=[(2, 3), ()], capacity=16)
