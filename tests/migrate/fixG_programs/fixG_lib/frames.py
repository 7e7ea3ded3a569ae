import glob
import os

import tensorflow.compat.v1 as tf


class Record(object):
    pass


def load(dirname, shape):
    files = sorted(glob.glob(os.path.join(dirname, '*.raw')))
    tf.logging.info('reading %d files', len(files))
    print(files)
    queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    reader = tf.WholeFileReader()
    result = Record()
    key, contents = reader.read(queue)
    result.key = key
    result.image = tf.reshape(tf.decode_raw(contents, tf.uint8), shape)
    return result
