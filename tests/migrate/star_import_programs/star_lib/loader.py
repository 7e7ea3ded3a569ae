"""A reader helper and a batch helper; `__all__` names what a star import brings."""

import tensorflow.compat.v1 as tf

from star_lib.settings import *  # noqa: F401,F403

__all__ = ["table_batches"]


def _parse(filename_queue):
    _, line = tf.TextLineReader(skip_header_lines=1).read(filename_queue)
    first, second, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    return tf.stack([first, second]), label


def table_batches(files):
    queue = tf.train.string_input_producer(files, num_epochs=NUM_EPOCHS, shuffle=False)  # noqa: F405
    features, label = _parse(queue)
    return tf.train.batch([features, label], batch_size=BATCH_SIZE, allow_smaller_final_batch=True)  # noqa: F405
