"""A queue-based input_fn: decode_csv into a features dict, payment looked up by index, batch of a dict."""
import tensorflow as tf

from taxi36_lib import schema

tf1 = tf.compat.v1


def _decode(line):
    columns = tf1.decode_csv(line, record_defaults=schema.CSV_DEFAULTS)
    features = dict(zip(schema.CSV_COLUMNS, columns))
    label = features.pop(schema.LABEL_COLUMN)
    payments = tf.constant(schema.PAYMENTS)
    features["payment"] = tf.cast(tf.argmax(tf.cast(tf.equal(payments, features["payment"]), tf.int32)), tf.int32)
    return features, label


def input_fn(filenames, batch_size, num_epochs=1):
    filename_queue = tf1.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    features, label = _decode(line)
    features["label"] = label
    batch = tf1.train.batch(features, batch_size=batch_size, capacity=batch_size * 4,
                            allow_smaller_final_batch=True)
    label = batch.pop("label")
    return batch, label
