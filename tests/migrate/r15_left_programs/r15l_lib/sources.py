"""Where files come from: file-queue helpers, their names and defaults of this module."""

import glob
import os

import tensorflow.compat.v1 as tf

EPOCHS = 2


def list_files(data_dir, pattern):
    files = sorted(glob.glob(os.path.join(data_dir, pattern)))
    if not files:
        raise ValueError("no files match %s" % pattern)
    return files


def file_queue(data_dir, pattern, num_epochs=1, name="file_queue"):
    return tf.train.string_input_producer(list_files(data_dir, pattern), num_epochs=num_epochs, shuffle=False,
                                         name=name)


def table_queue(files, num_epochs=EPOCHS):
    """The CSV tables, EPOCHS times by default."""
    return tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
