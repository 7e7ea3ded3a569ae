"""A ``read_batch_features`` stand-in: the reader class (or a factory) handed in, one reader per thread."""
import tensorflow.compat.v1 as tf


def read_batch_features(file_pattern, batch_size, features, reader, num_epochs=None, reader_num_threads=1):
    files = sorted(tf.gfile.Glob(file_pattern))
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    examples = []
    for _ in range(reader_num_threads):
        _, serialized = reader().read(filename_queue)
        examples.append([serialized])
    batch = tf.train.batch_join(examples, batch_size, capacity=64)
    return tf.parse_example(batch[0], features)
