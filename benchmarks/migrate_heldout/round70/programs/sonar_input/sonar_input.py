"""Routine for decoding the sonar-ping binary file format (CIFAR-10 input layout)."""
import os

import tensorflow.compat.v1 as tf

PING_LEN = 6
NUM_CLASSES = 3
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 9


def read_sonar(filename_queue):
    """Reads and parses examples from sonar data files.

    Returns:
      An object representing a single example, with the following fields:
        height / width: dimensions of the ping
        key: a scalar string Tensor describing the filename & record number
        label: an int32 Tensor with the label in the range 0..2.
        echo: a [PING_LEN] float32 Tensor.
    """

    class SonarRecord(object):
        pass
    result = SonarRecord()

    label_bytes = 1
    result.width = PING_LEN
    echo_bytes = result.width * 4
    record_bytes = label_bytes + echo_bytes

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)

    record_bytes = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)
    echo_raw = tf.substr(value, label_bytes, echo_bytes)
    result.echo = tf.reshape(tf.decode_raw(echo_raw, tf.float32), [result.width])
    return result


def _generate_echo_and_label_batch(echo, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        echoes, label_batch = tf.train.shuffle_batch(
            [echo, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        echoes, label_batch = tf.train.batch(
            [echo, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return echoes, tf.reshape(label_batch, [batch_size])


def inputs(eval_data, data_dir, batch_size):
    """Constructs input for sonar evaluation using the Reader ops."""
    if not eval_data:
        filenames = [os.path.join(data_dir, 'data_batch_%d.bin' % i) for i in range(1, 3)]
        num_examples_per_epoch = 2 * NUM_EXAMPLES_PER_EPOCH_FOR_EVAL
    else:
        filenames = [os.path.join(data_dir, 'test_batch.bin')]
        num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL

    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)

    filename_queue = tf.train.string_input_producer(filenames, shuffle=False)
    read_input = read_sonar(filename_queue)
    # Subtract off the mean and divide by the variance of the ping.
    float_echo = tf.nn.l2_normalize(read_input.echo, 0)
    read_input.label.set_shape([1])

    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(num_examples_per_epoch * min_fraction_of_examples_in_queue)
    return _generate_echo_and_label_batch(float_echo, read_input.label, min_queue_examples, batch_size,
                                          shuffle=False)
