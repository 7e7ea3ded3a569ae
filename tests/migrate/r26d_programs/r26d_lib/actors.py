"""Per-actor readers for the comprehension variant: one file each, two float columns and a step."""
import tensorflow.compat.v1 as tf


def transition(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    a, b, step = tf.decode_csv(line, [[0.0], [0.0], [0]])
    return [tf.stack([a, b]), tf.cast(step, tf.int64)]
