"""Where the training files come from."""

import os

import tensorflow.compat.v1 as tf


def list_files(data_dir, pattern):
    files = sorted(tf.gfile.Glob(os.path.join(data_dir, pattern)))
    if not files:
        raise ValueError("no files match %s in %s" % (pattern, data_dir))
    return files


def file_queue(data_dir, pattern, num_epochs=1, name="file_queue"):
    return tf.train.string_input_producer(list_files(data_dir, pattern), num_epochs=num_epochs, shuffle=False,
                                         name=name)
