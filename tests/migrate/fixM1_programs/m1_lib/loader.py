"""Whole-file loader: one inline WholeFileReader per reader turn, the chains joined by shuffle_batch_join."""
import tensorflow.compat.v1 as tf


class Cfg(object):
    def __init__(self, num_readers, shuffle, files=(), capacity=16, width=3):
        self.num_readers = num_readers
        self.shuffle = shuffle
        self.files = list(files)
        self.capacity = capacity
        self.width = width


def _scale(contents):
    raw = tf.decode_raw(contents, tf.uint8)
    return tf.cast(tf.reshape(raw, [4]), tf.float32) / 10.0


def build(files, cfg, batch_size):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=cfg.shuffle, seed=3)
    chains = []
    for _ in range(cfg.num_readers):
        name, contents = tf.WholeFileReader().read(queue)
        chains.append((name, _scale(contents)))
    return tf.train.shuffle_batch_join(chains, batch_size=batch_size, capacity=12, min_after_dequeue=2, seed=5)
