import tensorflow.compat.v1 as tf

slim_example_keys = {
    'image/fruit_id': tf.FixedLenFeature((), tf.string, default_value=''),
    'image/weight_g': tf.FixedLenFeature((), tf.float32, default_value=0.0),
    'image/blemishes': tf.VarLenFeature(tf.int64),
    'image/class/label': tf.FixedLenFeature((), tf.int64, default_value=-1),
}


class TfExampleDecoder(object):
  """Tensor dict decoder in the object-detection style."""

  def decode(self, serialized):
    parsed = tf.parse_single_example(serialized, slim_example_keys)
    tensor_dict = {
        'fruit_id': parsed['image/fruit_id'],
        'weight': parsed['image/weight_g'],
        'blemishes': tf.sparse_tensor_to_dense(parsed['image/blemishes']),
        'grade': parsed['image/class/label'],
    }
    return tensor_dict


def read_dataset(file_read_func, decode_func, input_files, num_epochs=1):
  filename_queue = tf.train.string_input_producer(
      input_files, num_epochs=num_epochs, shuffle=False)
  _, string_tensor = file_read_func().read(filename_queue)
  return decode_func(string_tensor)
