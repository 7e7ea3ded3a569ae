"""A `read_batch_examples`-style helper: the read size chooses `read_up_to` or `read`, and a local says which
`enqueue_many` the batch takes."""
import tensorflow as tf1_root  # noqa: F401  (another alias in the module, unused by the helper)
import tensorflow.compat.v1 as tf


def read_records(files, batch_size, reader_cls, records_per_read=1, shuffle=False, num_epochs=1, name=None):
    with tf.name_scope(name, "read_records"):
        queue = tf.train.string_input_producer(files, shuffle=shuffle, num_epochs=num_epochs, seed=3)
        if records_per_read > 1:
            _, examples = reader_cls().read_up_to(queue, records_per_read)
            many = True
        else:
            _, examples = reader_cls().read(queue)
            many = False
        if shuffle:
            return tf.train.shuffle_batch([examples], batch_size, capacity=50, min_after_dequeue=batch_size,
                                          enqueue_many=many, seed=5)
        return tf.train.batch([examples], batch_size, capacity=50, enqueue_many=many)


def batch_parsed(files, batch_size, chunked=False):
    """The flag a parameter of its own, every call leaving its default; another a local bound once."""
    keep_last = True
    queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1)
    _, value = tf.TFRecordReader().read(queue)
    return tf.train.batch([value], batch_size=batch_size, enqueue_many=chunked, allow_smaller_final_batch=keep_last)
