import tensorflow as tf
from .globals import *


# Input function functions
def split_and_convert_string(string_tensor):
  """Splits and converts string tensor into dense float tensor.

  Given string tensor, splits string by delimiter, converts to and returns
  dense float tensor.

  Args:
    string_tensor: tf.string tensor.

  Returns:
    tf.float64 tensor split along delimiter.
  """
  # Split string tensor into a sparse tensor based on delimiter
  split_string = tf.compat.v1.string_split(source=tf.expand_dims(
      input=string_tensor, axis=0), delimiter=DELIMITER)

  # Converts the values of the sparse tensor to floats
  converted_tensor = tf.compat.v1.string_to_number(
      string_tensor=split_string.values,
      out_type=tf.float64)

  # Create a new dense tensor of the fixed profile length
  reshaped_tensor = tf.reshape(tensor=converted_tensor, shape=[PROFILE_LEN])

  return reshaped_tensor


def decode_line(value_column):
  """Decodes one CSV line into a features dict and the cone label."""
  columns = tf.compat.v1.decode_csv(
      records=value_column, record_defaults=DEFAULTS, field_delim=",")
  features = dict(zip(CSV_COLUMNS, columns))
  features["profile"] = split_and_convert_string(features["profile"])
  label = features.pop("cone")
  return features, label


def read_dataset(filename, batch_size=BATCH_SIZE):
  """Returns a function that builds the queue-based input."""
  def _input_fn():
    file_list = tf.io.gfile.glob(filename)
    filename_queue = tf.compat.v1.train.string_input_producer(
        string_tensor=file_list, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader()
    _, value = reader.read(queue=filename_queue)
    features, label = decode_line(value)
    features["label"] = label
    batch = tf.compat.v1.train.batch(
        tensors=features, batch_size=batch_size, capacity=8,
        allow_smaller_final_batch=True)
    label = batch.pop("label")
    return batch, label
  return _input_fn
