"""A reader imported in ``try`` with another module's as the fallback."""
import tensorflow.compat.v1 as tf

try:
    from r50k_lib.readers.doubled import read_record
except ImportError:
    from r50k_lib.readers.plain import read_record


def load(filename, batch_size=3):
    queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    return tf.train.batch(list(read_record(queue)), batch_size=batch_size)
