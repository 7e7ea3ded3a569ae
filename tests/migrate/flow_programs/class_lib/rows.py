"""The join over readers of an object whose class only the callers know (`reader` is a parameter)."""

import glob
import os

import tensorflow.compat.v1 as tf


def joined_rows(reader, data_dir, batch_size, num_readers=2):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    rows = [reader.prepare_reader(filename_queue) for _ in range(num_readers)]
    return tf.train.batch_join(rows, batch_size=batch_size, allow_smaller_final_batch=True)
