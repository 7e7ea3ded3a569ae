"""A batch helper whose branches define the producer and the batch as nested functions, called after the
`if` under a name scope; the record helper of another module is handed the file queue."""
import tensorflow.compat.v1 as tf

from ft_lib import decode


def record_batches(files, batch_size, training=True):
    if training:
        def producer():
            names = tf.constant(files)
            return tf.train.string_input_producer(names, num_epochs=2, shuffle=True, seed=3)

        def batcher(a, b):
            return tf.train.shuffle_batch([a, b], batch_size, capacity=16, min_after_dequeue=4, seed=5)
    else:
        def producer():
            return tf.train.string_input_producer(files, num_epochs=1, shuffle=False)

        def batcher(a, b):
            return tf.train.batch([a, b], batch_size)

    with tf.name_scope("records"):
        queue = producer()
        rid, val = decode.parse_record(queue, 0.5)
        return batcher(rid, val)
