"""
Batched record-feature reading (what tf.contrib.learn.read_batch_record_features did), kept
in the project after contrib went away.
"""
from __future__ import absolute_import
from __future__ import print_function
from __future__ import division

import tensorflow as tf


def read_batch_record_features(file_pattern, features, batch_size, randomize_input=True,
                               num_epochs=None, queue_capacity=10, reader_num_threads=1,
                               name='dequeue_record_examples'):
    with tf.compat.v1.name_scope(name):
        file_names = sorted(tf.io.gfile.glob(file_pattern))
        file_name_queue = tf.compat.v1.train.string_input_producer(
            file_names, num_epochs=num_epochs, shuffle=randomize_input, name='file_name_queue')
        reader = tf.compat.v1.TFRecordReader()
        _, examples = reader.read_up_to(file_name_queue, batch_size)
        parsed = tf.io.parse_example(examples, features)
        return tf.compat.v1.train.batch(parsed, batch_size=batch_size, capacity=queue_capacity,
                                        enqueue_many=True, num_threads=reader_num_threads,
                                        allow_smaller_final_batch=True)
