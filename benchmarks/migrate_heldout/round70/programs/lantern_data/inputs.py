import os

import numpy as np
import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
DATA_DIR = None


def load_data_as_filenames():
    """Gets file names and brightness labels instead of the images themselves."""
    names = sorted(n for n in os.listdir(DATA_DIR) if n.endswith('.raw'))
    paths = [os.path.join(DATA_DIR, n) for n in names]
    labels = [float(n.split('_')[1][:-4]) / 10.0 for n in names]
    return paths, labels


def _load_image(path):
    raw = tf.read_file(path)
    image = tf.decode_raw(raw, tf.uint8)
    image = tf.reshape(image, [IMAGE_SIZE, IMAGE_SIZE, 1])
    return tf.cast(image, tf.float32) / 255.0


def get_input_fn_as_filenames(batch_size, num_epochs=None, shuffle=True, num_threads=16):
    """Same as `get_input_fn` but loads lazily."""
    filenames, labels = load_data_as_filenames()

    def input_fn():
        filename, label = tf.train.slice_input_producer(
            [tf.constant(filenames), tf.constant(labels, dtype=tf.float32)],
            num_epochs=num_epochs, shuffle=shuffle, seed=70)
        image = _load_image(filename)
        images, labels_ = tf.train.batch([image, label], batch_size=batch_size, num_threads=num_threads)
        return {'image': images}, labels_
    return input_fn
