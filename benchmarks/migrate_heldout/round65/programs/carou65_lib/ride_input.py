"""Carousel ride log input: every line read bumps a counter, and the ride gets the counter's value."""
import tensorflow.compat.v1 as tf

from carou65_lib.counters import TfCounter

_COLUMNS = ["horse", "riders", "turns", "fare"]
_DEFAULTS = [[""], [0], [0], [0.0]]


def input_fn(filenames, batch_size, counter_name="rides_read"):
    counter = TfCounter(counter_name)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    columns = tf.decode_csv(value, record_defaults=_DEFAULTS)
    features = dict(zip(_COLUMNS, columns))
    with tf.control_dependencies([counter.update]):
        features["ride_no"] = tf.identity(counter.count)
    features["takings"] = tf.cast(features["riders"], tf.float32) * features["fare"]
    keys = sorted(features)
    batched = tf.train.batch([features[k] for k in keys], batch_size=batch_size, num_threads=1, capacity=20)
    return dict(zip(keys, batched)), counter
