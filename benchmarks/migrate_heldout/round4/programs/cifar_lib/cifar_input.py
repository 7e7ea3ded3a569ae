"""CIFAR-style binary input: a record object from a FixedLengthRecordReader, a batch helper chosen by a flag."""

import os

import tensorflow.compat.v1 as tf

LABEL_BYTES = 4
VALUE_BYTES = 4
HEADER_BYTES = 4
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 36


def read_pairs(filename_queue):
    """Reads one record: an int32 label and an int32 value, after a 4-byte file header."""

    class PairRecord(object):
        pass

    result = PairRecord()
    record_bytes = LABEL_BYTES + VALUE_BYTES
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
    result.key, value = reader.read(filename_queue)
    words = tf.decode_raw(value, tf.int32)
    result.label = tf.cast(tf.strided_slice(words, [0], [1]), tf.int32)
    result.value = tf.reshape(tf.strided_slice(words, [1], [2]), [1])
    return result


def _generate_batch(value, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        values, label_batch = tf.train.shuffle_batch(
            [value, label],
            batch_size=batch_size,
            num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size,
            min_after_dequeue=min_queue_examples)
    else:
        values, label_batch = tf.train.batch(
            [value, label],
            batch_size=batch_size,
            num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return values, tf.reshape(label_batch, [batch_size])


def inputs(eval_data, data_dir, batch_size):
    filenames = [os.path.join(data_dir, "fixed-%d.bin" % i) for i in range(3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL
    filename_queue = tf.train.string_input_producer(filenames, shuffle=not eval_data)
    read_input = read_pairs(filename_queue)
    scaled = tf.cast(read_input.value, tf.float32) / 3.0
    read_input.label.set_shape([1])
    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(num_examples_per_epoch * min_fraction_of_examples_in_queue)
    return _generate_batch(scaled, read_input.label, min_queue_examples, batch_size, shuffle=not eval_data)
