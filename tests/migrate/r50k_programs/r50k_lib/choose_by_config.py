"""The reader module chosen by a configuration value, in an ``if`` / ``elif`` of imports (as config-driven
training code picks a dataset's reader)."""
import tensorflow.compat.v1 as tf

CONFIG = {"reader": "doubled"}

if CONFIG["reader"] == "plain":
    from .readers.plain import read_record
elif CONFIG["reader"] == "doubled":
    from .readers.doubled import read_record
else:
    raise ValueError("unknown reader: " + CONFIG["reader"])


def load(filename, batch_size=3):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    spot, jumps = read_record(filename_queue)
    return tf.train.batch([spot, jumps], batch_size=batch_size, capacity=12)
