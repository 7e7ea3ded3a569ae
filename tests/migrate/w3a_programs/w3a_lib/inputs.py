"""A ResNet-style ``build_input`` whose record sizes come from a dataset switch ending in a guard ``raise``, the
reader built from the computed size; a mode switch makes a ``RandomShuffleQueue`` or a ``FIFOQueue``."""

import tensorflow.compat.v1 as tf


def write_records(path, count, label_bytes=1):
    with open(path, 'wb') as f:
        for i in range(count):
            f.write(bytes([i % 4] * label_bytes) + bytes([(7 * i + j) % 256 for j in range(4)]))


def build_input(dataset, data_files, batch_size, mode):
    if dataset == 'small':
        label_bytes = 1
        num_classes = 4
    elif dataset == 'wide':
        label_bytes = 2
        num_classes = 4
    else:
        raise ValueError('Not supported dataset %s' % dataset)
    depth = 1
    image_bytes = 2 * 2 * depth
    record_bytes = label_bytes + image_bytes

    file_queue = tf.train.string_input_producer(data_files, num_epochs=1, shuffle=False)
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    _, value = reader.read(file_queue)
    record = tf.reshape(tf.decode_raw(value, tf.uint8), [record_bytes])
    label = tf.cast(tf.slice(record, [0], [1]), tf.int32)
    image = tf.cast(tf.reshape(tf.slice(record, [label_bytes], [image_bytes]), [2, 2, depth]), tf.float32)

    if mode == 'train':
        image = image * 2.0
        example_queue = tf.RandomShuffleQueue(
            capacity=16 * batch_size, min_after_dequeue=2 * batch_size,
            dtypes=[tf.float32, tf.int32], shapes=[[2, 2, depth], [1]])
        num_threads = 3
    else:
        image = image - 1.0
        example_queue = tf.FIFOQueue(
            3 * batch_size, dtypes=[tf.float32, tf.int32], shapes=[[2, 2, depth], [1]])
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
