"""A helper of a package module returning a batch of a tuple (legacy's batch gave a list), spelled with
`from tensorflow.compat.v1 import train`."""
import tensorflow as tf
from tensorflow.compat.v1 import train


def pairs(path, size):
    queue = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.compat.v1.TextLineReader().read(queue)
    a, b = tf.io.decode_csv(line, record_defaults=[[0], [0.0]])
    return train.batch((a, b * 2.0), size)


def add_square(batch):
    """Mutates the list it is handed."""
    batch.extend([batch[0] * batch[0]])
    return len(batch)
