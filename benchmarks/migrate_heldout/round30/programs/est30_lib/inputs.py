import tensorflow.compat.v1 as tf

_CSV_COLUMNS = ["age", "workclass", "education_num", "hours_per_week", "income_bracket"]
_CSV_COLUMN_DEFAULTS = [[0], [""], [0], [0], [""]]


def input_fn(data_file, num_epochs, shuffle, batch_size, label_column):
    """Generate an input function for the Estimator (queue version)."""
    assert tf.gfile.Exists(data_file), "%s not found." % data_file
    filename_queue = tf.train.string_input_producer([data_file], num_epochs=num_epochs, shuffle=shuffle)
    _, value = tf.TextLineReader().read(filename_queue)
    columns = tf.decode_csv(value, record_defaults=_CSV_COLUMN_DEFAULTS)
    features = dict(zip(_CSV_COLUMNS, columns))
    features = tf.train.batch(features, batch_size=batch_size, capacity=10 * batch_size, num_threads=1)
    labels = features.pop(label_column)
    return features, tf.equal(labels, ">50K")
