"""Routine for decoding the fixed-length binary record files (cifar10_input's layout)."""

import os

import tensorflow.compat.v1 as tf

RECORD_HEADER_BYTES = 4
NUM_FILES = 3


def read_records(filename_queue):
    """Reads one record; returns an object with the fields of the record."""

    class FixedRecord(object):
        pass

    result = FixedRecord()
    result.width = 2
    record_bytes = 4 * result.width

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=RECORD_HEADER_BYTES)
    result.key, value = reader.read(filename_queue)

    record = tf.decode_raw(value, tf.int32)
    result.index = tf.strided_slice(record, [0], [1])[0]
    result.label = tf.cast(tf.strided_slice(record, [1], [2])[0], tf.int64)
    return result


def _generate_batch(index, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        indices, label_batch = tf.train.shuffle_batch(
            [index, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        indices, label_batch = tf.train.batch(
            [index, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, allow_smaller_final_batch=True)
    return indices, label_batch


def inputs(eval_data, data_dir, batch_size):
    """Eval inputs: one pass over the files, in order."""
    if not eval_data:
        filenames = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(NUM_FILES)]
    else:
        filenames = [os.path.join(data_dir, 'fixed-%d.bin' % i) for i in range(1, NUM_FILES)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)

    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        read_input = read_records(filename_queue)
        scaled = read_input.index * 10
        min_queue_examples = 8
    return _generate_batch(scaled, read_input.label, min_queue_examples, batch_size, shuffle=False)
