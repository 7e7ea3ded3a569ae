import os

import tensorflow as tf
from icu38_lib import pickle_utils as pu

v1 = tf.compat.v1


class FLAGS:
    num_epochs = 1
    batch_size = 4
    min_after_dequeue = 5
    n_queue_threads = 2
    data_dir = '.'


def read_and_decode(filename_queue):
    f_num = pu.load(os.path.join(FLAGS.data_dir, 'feature_numbers.pkl.gz'))
    reader = v1.TFRecordReader()
    _q, serialized_example = reader.read(filename_queue)
    context, sequence = v1.parse_single_sequence_example(
        serialized_example,
        # Defaults are not specified since both keys are required.
        context_features={
            'icustay_id': v1.FixedLenFeature([], tf.int64),
            'numerical_static': v1.FixedLenFeature(
                [f_num['numerical_static']], dtype=tf.float32),
        },
        sequence_features={
            'numerical_ts': v1.FixedLenSequenceFeature(
                [f_num['numerical_ts']], dtype=tf.float32),
            'vasopressor': v1.FixedLenSequenceFeature([], dtype=tf.int64),
        })
    length = tf.shape(sequence['numerical_ts'])[0]
    return (context['icustay_id'], context['numerical_static'], sequence['numerical_ts'],
            sequence['vasopressor'], length)


def input_pipeline(filenames):
    filename_queue = v1.train.string_input_producer(
        filenames, num_epochs=FLAGS.num_epochs, shuffle=False)
    example = read_and_decode(filename_queue)
    return v1.train.batch(
        list(example), batch_size=FLAGS.batch_size, num_threads=FLAGS.n_queue_threads,
        capacity=FLAGS.min_after_dequeue + (FLAGS.n_queue_threads + 1) * FLAGS.batch_size,
        dynamic_pad=True)
