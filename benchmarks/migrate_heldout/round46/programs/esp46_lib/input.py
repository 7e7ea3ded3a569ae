import tensorflow as tf
from .globals import *

tf1 = tf.compat.v1


# Input function functions
def split_and_convert_string(string_tensor, width):
  """Splits and converts string tensor into dense float tensor.

  Given string tensor, splits string by delimiter, converts to and returns
  dense float tensor.

  Args:
    string_tensor: tf.string tensor.
    width: how many values each string holds.

  Returns:
    tf.float64 tensor split along delimiter.
  """
  # Split string tensor into a sparse tensor based on delimiter
  split_string = tf1.string_split(source=tf.expand_dims(
      input=string_tensor, axis=0), delimiter=";")

  # Converts the values of the sparse tensor to floats
  converted_tensor = tf1.string_to_number(
      string_tensor=split_string.values,
      out_type=tf.float64)

  # Reshape back to a fixed length vector
  return tf.reshape(tensor=converted_tensor, shape=[width])


def decode_csv(value_column):
  """Parses one CSV line into a features dict and a label."""
  columns = tf1.decode_csv(records=value_column, record_defaults=DEFAULTS)
  features = dict(zip(CSV_COLUMNS, columns))
  features["picks"] = split_and_convert_string(features["picks"], NUM_PICKS)
  features["bans"] = split_and_convert_string(features["bans"], NUM_BANS)
  label = features.pop(LABEL_COLUMN)
  return features, label


def read_dataset(filename, mode, batch_size=BATCH_SIZE):
  """Returns the (features, labels) batch tensors of the queue input."""
  def _input_fn():
    filename_queue = tf1.train.string_input_producer(
        string_tensor=[filename], num_epochs=1, shuffle=False)
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, value = reader.read(queue=filename_queue)
    features, label = decode_csv(value_column=value)
    features[LABEL_COLUMN] = label
    batch = tf1.train.batch(
        tensors=features, batch_size=batch_size, capacity=batch_size * 4,
        allow_smaller_final_batch=True)
    labels = batch.pop(LABEL_COLUMN)
    return batch, labels
  return _input_fn
