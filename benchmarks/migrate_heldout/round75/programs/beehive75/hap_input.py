"""Routine for decoding the beehive-hum (HAP) text windows, laid out like cifar10_input.py."""
import os
import tensorflow.compat.v1 as tf

# Global constants describing the Hap data set.
NUM_CLASSES = 3
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 8
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 4

# Dimension of a single example
# SAMP_FREQ = 5000
# MILISEC_PER_WINDOW = 100
NUM_REC_PER_WINDOW = 5  # SAMP_FREQ * MILI_SEC_PER_WINDOW / 1000
WIDTH_MULTIPLIER = 1
CHANNELS = 1


def read_hapdata(filename_queue):

    class HAPExample(object):
        pass
    result = HAPExample()

    result.length = NUM_REC_PER_WINDOW
    result.height = NUM_REC_PER_WINDOW
    result.width = WIDTH_MULTIPLIER
    result.depth = CHANNELS

    # Read an example: label first, then the window
    reader = tf.TextLineReader()
    result.key, value = reader.read(filename_queue)
    record_defaults = [[0]] + [[0.0] for _ in range(result.length)]
    columns = tf.decode_csv(value, record_defaults=record_defaults)
    result.label = tf.cast(columns[0], tf.int32)
    window = tf.stack(columns[1:])
    result.window = tf.reshape(window, [result.height, result.width, result.depth])
    return result


def _generate_window_and_label_batch(window, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        windows, label_batch = tf.train.shuffle_batch(
            [window, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        windows, label_batch = tf.train.batch(
            [window, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return windows, tf.reshape(label_batch, [batch_size])


def inputs(eval_data, data_dir, batch_size):
    if not eval_data:
        filenames = [os.path.join(data_dir, 'hap_train_%d.csv' % i) for i in range(2)]
        num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN
    else:
        filenames = [os.path.join(data_dir, 'hap_eval.csv')]
        num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames, shuffle=False, num_epochs=1)
    read_input = read_hapdata(filename_queue)
    normalized = read_input.window / 10.0
    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(num_examples_per_epoch * min_fraction_of_examples_in_queue)
    return _generate_window_and_label_batch(normalized, read_input.label, min_queue_examples, batch_size,
                                            shuffle=False)
