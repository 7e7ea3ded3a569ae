import tensorflow.compat.v1 as tf


def _process(istr):
  value = tf.read_file(istr)
  return tf.strings.length(value)


def _get_data(file_list):
  images = tf.convert_to_tensor(file_list, dtype=tf.string)
  input_queue = tf.train.slice_input_producer([images], num_epochs=1, shuffle=True, seed=5)
  image = _process(input_queue[0])
  return image


def inputs(file_list, batch_size):
  image = _get_data(file_list)
  return tf.train.batch([image], batch_size=batch_size, allow_smaller_final_batch=True)
