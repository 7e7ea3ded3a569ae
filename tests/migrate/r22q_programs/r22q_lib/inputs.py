"""Padded batches of variable-length rows, shuffled through another module's queue stage when asked."""

import tensorflow.compat.v1 as tf

from r22q_lib import stages


def padded_inputs(files, batch_size, shuffle=False, threads=2):
    filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    features = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                    'label': tf.FixedLenFeature([], tf.int64)})
    x = features['x'][:tf.cast(features['label'] % 3, tf.int32) + 1]
    tensors = [x, features['label'], tf.shape(x)[0]]
    if shuffle:
        tensors = stages.shuffle_stage(tensors, threads=threads)
        threads = 1
    return tf.train.batch(tensors, batch_size, num_threads=threads, capacity=32, dynamic_pad=True)
