"""A census-style input function: the flag a parameter of the outer function, ``if shuffle:`` with no else."""
import tensorflow.compat.v1 as tf

COLUMNS = ["id", "weight", "label"]
DEFAULTS = [[""], [0.0], [0]]


def generate_input_fn(filenames, num_epochs=None, shuffle=True, skip_header_lines=0, batch_size=3):
    def _input_fn():
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=shuffle)
        reader = tf.TextLineReader(skip_header_lines=skip_header_lines)
        _, rows = reader.read_up_to(filename_queue, num_records=batch_size)
        if shuffle:
            rows = tf.train.shuffle_batch([rows], batch_size, capacity=batch_size * 8,
                                          min_after_dequeue=batch_size * 2, enqueue_many=True,
                                          allow_smaller_final_batch=True, seed=5)
        features = tf.decode_csv(tf.expand_dims(rows, -1), record_defaults=DEFAULTS)
        features = dict(zip(COLUMNS, features))
        label = features.pop("label")
        return features, label
    return _input_fn
