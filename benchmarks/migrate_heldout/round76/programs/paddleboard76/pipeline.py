# Company-style pipeline module (written from knowledge): `make_batch(pattern, batch_size, num_epochs, threads,
# seed)` reads Example records, parses with the schema's spec, and batches a dict with a multi-thread
# `shuffle_batch`; the label is popped afterwards.
import tensorflow.compat.v1 as tf

from paddleboard76 import features


def make_batch(pattern, batch_size, num_epochs=None, threads=2, seed=None):
    files = tf.train.match_filenames_once(pattern)
    queue = tf.train.string_input_producer(tf.convert_to_tensor(files), num_epochs=num_epochs, seed=seed)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, features.feature_spec())
    batch = tf.train.shuffle_batch(parsed, batch_size=batch_size, num_threads=threads,
                                   capacity=10 * batch_size, min_after_dequeue=2 * batch_size, seed=seed)
    label = batch.pop(features.LABEL)
    return batch, label
