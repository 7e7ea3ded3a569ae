"""A ResNet-style ``build_input``: a Python mode switch making a ``RandomShuffleQueue`` with its threads or an
eval ``FIFOQueue`` with one, each branch with its own per-element work; the enqueue op, its ``QueueRunner`` and
``dequeue_many`` after the ``if``; one-hot labels by ``sparse_to_dense``."""

import tensorflow.compat.v1 as tf


def build_input(data_files, batch_size, mode, num_classes=10):
    file_queue = tf.train.string_input_producer(data_files, num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    _, value = reader.read(file_queue)
    record = tf.reshape(tf.decode_raw(value, tf.int32), [2])
    label = tf.slice(record, [0], [1]) % num_classes
    image = tf.cast(tf.slice(record, [1], [1]), tf.float32)

    if mode == 'train':
        image = image * 0.5
        example_queue = tf.RandomShuffleQueue(
            capacity=4 * batch_size,
            min_after_dequeue=2 * batch_size,
            dtypes=[tf.float32, tf.int32],
            shapes=[[1], [1]])
        num_threads = 4
    else:
        image = image - 1.0
        example_queue = tf.FIFOQueue(
            3 * batch_size,
            dtypes=[tf.float32, tf.int32],
            shapes=[[1], [1]])
        num_threads = 1

    example_enqueue_op = example_queue.enqueue([image, label])
    tf.train.add_queue_runner(tf.train.queue_runner.QueueRunner(
        example_queue, [example_enqueue_op] * num_threads))

    images, labels = example_queue.dequeue_many(batch_size)
    labels = tf.reshape(labels, [batch_size, 1])
    indices = tf.reshape(tf.range(0, batch_size, 1), [batch_size, 1])
    labels = tf.sparse_to_dense(tf.concat(values=[indices, labels], axis=1), [batch_size, num_classes], 1.0, 0.0)
    assert images.get_shape()[0] == batch_size
    return images, labels
