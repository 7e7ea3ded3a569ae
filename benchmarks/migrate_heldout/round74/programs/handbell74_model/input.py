import tensorflow.compat.v1 as tf

from handbell74_model import features as features_lib

GZIP = tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.GZIP)


def build_input(file_pattern, batch_size, num_epochs=None, num_threads=2, seed=None):
    files = tf.gfile.Glob(file_pattern)
    filename_queue = tf.train.string_input_producer(files, num_epochs=num_epochs, shuffle=True, seed=seed)
    reader = tf.TFRecordReader(options=GZIP)
    _, serialized = reader.read(filename_queue)
    parsed = tf.parse_single_example(serialized, features_lib.parsing_spec())
    batch = tf.train.shuffle_batch(parsed, batch_size=batch_size, capacity=10 * batch_size,
                                   min_after_dequeue=2 * batch_size, num_threads=num_threads, seed=seed)
    label = batch.pop(features_lib.LABEL_KEY)
    return batch, label
