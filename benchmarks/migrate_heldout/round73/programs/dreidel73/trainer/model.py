"""Input feature columns and input_fn for the spin model. Handles training, evaluation and inference."""
import tensorflow.compat.v1 as tf

CSV_COLUMNS = ['spin_id', 'letter', 'seconds', 'player', 'outcome']
CSV_COLUMN_DEFAULTS = [[0], [''], [0.0], [''], ['']]
LABEL_COLUMN = 'outcome'
LABELS = ['lose', 'win']
UNUSED_COLUMNS = set(CSV_COLUMNS) - {'spin_id', 'letter', 'seconds', LABEL_COLUMN}


def parse_label_column(label_string_tensor):
    """Parses a string tensor into the label tensor (index into LABELS)."""
    # the source used tf.contrib.lookup.index_table_from_tensor(tf.constant(LABELS))
    table = tf.lookup.StaticHashTable(
        tf.lookup.KeyValueTensorInitializer(tf.constant(LABELS), tf.constant([0, 1], tf.int64)), -1)
    return table.lookup(label_string_tensor)


def input_fn(filenames, num_epochs=None, shuffle=True, skip_header_lines=0, batch_size=200):
    """Generates features and labels for training or evaluation."""
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=shuffle, seed=9)
    reader = tf.TextLineReader(skip_header_lines=skip_header_lines)
    _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
    # DNNLinearCombinedClassifier expects rank 2 tensors.
    row_columns = tf.expand_dims(rows, -1)
    columns = tf.decode_csv(row_columns, record_defaults=CSV_COLUMN_DEFAULTS)
    features = dict(zip(CSV_COLUMNS, columns))
    # Remove unused columns
    for col in UNUSED_COLUMNS:
        features.pop(col)
    if shuffle:
        features = tf.train.shuffle_batch(
            features, batch_size, capacity=batch_size * 10, min_after_dequeue=batch_size * 2,
            num_threads=2, enqueue_many=True, allow_smaller_final_batch=True,
            seed=19)
    else:
        features = tf.train.batch(features, batch_size, capacity=batch_size * 10, num_threads=1,
                                  enqueue_many=True, allow_smaller_final_batch=True)
    return features, parse_label_column(features.pop(LABEL_COLUMN))
