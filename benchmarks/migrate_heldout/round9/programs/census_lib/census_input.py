"""Input function for the wide-and-deep CSV data (census style): a line reader, decode_csv into a feature dict,
the label popped off, and a shuffled batch of the dict."""

import tensorflow.compat.v1 as tf

_CSV_COLUMNS = ['a', 'b', 'label']
_CSV_COLUMN_DEFAULTS = [[0], [0.0], [0]]


def parse_csv(value):
    columns = tf.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    labels = features.pop('label')
    return features, tf.equal(labels, 3)


def input_fn(data_files, num_epochs, shuffle, batch_size):
    """Generates the features and labels for training or evaluation."""
    filename_queue = tf.train.string_input_producer(data_files, num_epochs=num_epochs, shuffle=shuffle)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    features, labels = parse_csv(value)
    features['label_is_three'] = labels
    if shuffle:
        batch = tf.train.shuffle_batch(
            features, batch_size=batch_size, capacity=200, min_after_dequeue=50, num_threads=2,
            allow_smaller_final_batch=True)
    else:
        batch = tf.train.batch(features, batch_size=batch_size, allow_smaller_final_batch=True)
    labels = batch.pop('label_is_three')
    return batch, labels
