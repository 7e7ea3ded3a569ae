"""Both branches import the same function: one function whatever runs, so the pipeline is rewritten."""
import os

import tensorflow.compat.v1 as tf

if os.environ.get("R50K_NEVER_SET"):
    from r50k_lib.readers.shifted import read_record
else:
    from r50k_lib.readers.shifted import read_record


def load(filename, batch_size=3):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=1, shuffle=False)
    spot, jumps = read_record(filename_queue)
    return tf.train.batch([spot, jumps], batch_size=batch_size)
