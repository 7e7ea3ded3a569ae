import tensorflow as tf

NUM_EXMPL_TRAIN = 10


def read_file(filename):

    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename)
    record_default = [[1], ['']]

    label, feature = tf.io.decode_csv(value, record_defaults=record_default)
    return label, feature


def _create_batch(text, label, min_queue_size, batch_size, shuffle):

    num_processor_threads = 1

    if shuffle:
        text, label = tf.compat.v1.train.shuffle_batch([text, label],
                                                       batch_size=batch_size,
                                                       capacity=min_queue_size + 3 * batch_size,
                                                       min_after_dequeue=min_queue_size,
                                                       num_threads=num_processor_threads)
    else:
        text, label = tf.compat.v1.train.batch([text, label],
                                               batch_size=batch_size,
                                               capacity=min_queue_size + 3 * batch_size,
                                               num_threads=num_processor_threads,
                                               allow_smaller_final_batch=True)
    return text, label


def generate_batch_train(filename, batch_size, shuffle=False, num_epochs=1):

    filename_queue = tf.compat.v1.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    label, feature = read_file(filename_queue)

    min_fraction_of_examples_in_queue = 0.4
    min_queue_size = int(min_fraction_of_examples_in_queue * NUM_EXMPL_TRAIN)

    return _create_batch(feature, label, min_queue_size, batch_size, shuffle=shuffle)
