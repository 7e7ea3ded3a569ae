"""File-name producers for the package program."""
import os

import tensorflow.compat.v1 as tf


def split_producers(root, ratio=0.5):
    files = sorted(os.path.join(root, n) for n in os.listdir(root))
    cut = int(len(files) * ratio)
    return (tf.train.string_input_producer(files[:cut], num_epochs=1, shuffle=False),
            tf.train.string_input_producer(files[cut:], num_epochs=1, shuffle=False))
