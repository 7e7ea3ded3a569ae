import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

from wine33_lib.flags import FLAGS


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, record = reader.read(filename_queue)
    defaults = [[0.0]] * FLAGS.num_features + [[0], ["red"]]
    cols = tf.decode_csv(record, record_defaults=defaults, field_delim=";")
    features = tf.stack(cols[:FLAGS.num_features])
    quality = cols[FLAGS.num_features]
    is_red = tf.cast(tf.equal(cols[-1], "red"), tf.int32)
    return features, quality, is_red


def input_pipeline(data_dir, batch_size, read_threads, num_epochs=None):
    filenames = sorted(tf.gfile.Glob(os.path.join(data_dir, FLAGS.data_pattern)))
    filename_queue = train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    example_list = [read_my_file_format(filename_queue) for _ in range(read_threads)]
    features, quality, is_red = train.batch_join(example_list, batch_size=batch_size,
                                                 capacity=4 * batch_size)
    return {"features": features, "is_red": is_red}, quality
