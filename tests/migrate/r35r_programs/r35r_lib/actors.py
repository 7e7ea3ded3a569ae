"""Per-actor episode readers: each call makes its own file queue, reader and decode, and returns ONE tensor."""
import tensorflow.compat.v1 as tf

dtype = tf.float32
shape = [3]


def actor_input(filename, i):
  """One actor's transitions: `state0,state1,reward` lines from its own episode file."""
  q = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False, name='episode{}'.format(i))
  reader = tf.TextLineReader(name='actor_reader{}'.format(i))
  _, line = reader.read(q)
  cols = tf.decode_csv(line, record_defaults=[[0.0], [0.0], [0.0]])
  return tf.stack(cols, name='input{}'.format(i))
