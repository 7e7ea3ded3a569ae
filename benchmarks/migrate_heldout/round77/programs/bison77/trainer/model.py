"""trainer/model.py of a Cloud ML Engine census-style sample (from knowledge of that layout): `CSV_COLUMNS`,
`CSV_COLUMN_DEFAULTS`, `LABEL_COLUMN`, `UNUSED_COLUMNS`, and `generate_input_fn(filenames, num_epochs=None,
shuffle=True, skip_header_lines=0, batch_size=4)` returning `_input_fn()`: a producer, a `TextLineReader`,
`read_up_to`, a `shuffle_batch(..., enqueue_many=True)` of the raw rows, `expand_dims`, `decode_csv`, a features
dict with the unused columns popped and the label popped."""
import multiprocessing

import tensorflow.compat.v1 as tf

CSV_COLUMNS = ['herd_id', 'region', 'calves', 'adults', 'grazing_km2', 'count']
CSV_COLUMN_DEFAULTS = [[''], [''], [0], [0], [0.0], [0]]
LABEL_COLUMN = 'count'
UNUSED_COLUMNS = set(CSV_COLUMNS) - {'region', 'calves', 'adults', 'grazing_km2', 'herd_id', LABEL_COLUMN}


def parse_label_column(label_string_tensor):
    return label_string_tensor


def generate_input_fn(filenames, num_epochs=None, shuffle=True, skip_header_lines=0, batch_size=4):
    """Generates an input function for training or evaluation."""
    def _input_fn():
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=shuffle)
        reader = tf.TextLineReader(skip_header_lines=skip_header_lines)

        _, rows = reader.read_up_to(filename_queue, num_records=batch_size)

        # Parse the CSV File
        if shuffle:
            # This operation builds up a buffer of parsed tensors, so that parsing
            # input data doesn't block training
            rows = tf.train.shuffle_batch(
                [rows],
                batch_size,
                min_after_dequeue=2 * batch_size + 1,
                capacity=batch_size * 10,
                num_threads=min(2, multiprocessing.cpu_count()),
                enqueue_many=True,
                allow_smaller_final_batch=True,
                seed=77
            )
        # Parse the CSV File
        features = tf.decode_csv(tf.expand_dims(rows, -1), record_defaults=CSV_COLUMN_DEFAULTS)
        features = dict(zip(CSV_COLUMNS, features))

        # Remove unused columns
        for col in UNUSED_COLUMNS:
            features.pop(col)

        label_tensor = parse_label_column(features.pop(LABEL_COLUMN))
        return features, label_tensor
    return _input_fn
