import glob
import os

import tensorflow.compat.v1 as tf

# columns: interval, watts, cadence, heart_rate, zone
RECORD_DEFAULTS = [[0], [0.0], [0.0], [0.0], [0]]


def get_sample(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "*.csv")))
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)

    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    interval, watts, cadence, heart_rate, zone = tf.decode_csv(value, record_defaults=RECORD_DEFAULTS)

    sample = tf.stack([watts, cadence, heart_rate])
    label = zone
    return sample, label
