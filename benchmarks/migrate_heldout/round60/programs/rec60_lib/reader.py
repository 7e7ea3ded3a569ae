"""Reads order-history records; the history is a sparse tensor batched as such."""
import tensorflow.compat.v1 as tf

from rec60_lib import schema


def read_history(filenames, batch_size, num_epochs=1):
    queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, features=schema.feature_spec())
    batched = tf.train.batch(parsed, batch_size=batch_size, capacity=4 * batch_size)
    history = tf.sparse_tensor_to_dense(batched[schema.HISTORY], default_value=-1)
    return batched[schema.USER_ID], history, batched[schema.TARGET]
