"""Training input of the click-through model: several click-log readers joined into batches of dicts."""

import glob
import os

import tensorflow.compat.v1 as tf

from recsys_lib.clicks import read_clicks


def input_fn(flags):
    files = sorted(glob.glob(os.path.join(flags.data_dir, flags.train_pattern)))
    filename_queue = tf.train.string_input_producer(files, num_epochs=flags.num_epochs, shuffle=False)
    readers = [read_clicks(filename_queue) for _ in range(flags.num_readers)]
    features = tf.train.batch_join(readers, batch_size=flags.batch_size, capacity=flags.batch_size * 4,
                                   allow_smaller_final_batch=True)
    labels = features.pop("clicked")
    return features, labels
