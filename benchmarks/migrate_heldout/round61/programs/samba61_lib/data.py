import os
import tensorflow.compat.v1 as tf

from . import utils


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'escola': tf.FixedLenFeature([], tf.int64),
            'quesito': tf.FixedLenFeature([], tf.string),
            'notas': tf.FixedLenFeature([utils.N_JUDGES], tf.float32),
        })
    notas = features['notas']
    # the lowest grade is discarded (as in the real rules)
    total = tf.reduce_sum(notas) - tf.reduce_min(notas)
    return features['escola'], features['quesito'], notas, total


def inputs(folder, batch_size=utils.BATCH_SIZE, num_epochs=1):
    files = sorted(tf.gfile.Glob(os.path.join(folder, 'desfile-*.tfrecords')))
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
        escola, quesito, notas, total = read_and_decode(filename_queue)
        return tf.train.batch([escola, quesito, notas, total], batch_size=batch_size,
                              num_threads=1, capacity=10)
