"""Routine for decoding the CIFAR-10 binary file format (tiny images here)."""
import os

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 2
NUM_CLASSES = 10
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 16


def read_cifar10(filename_queue):
    class CIFAR10Record(object):
        pass
    result = CIFAR10Record()

    label_bytes = 1
    result.height = IMAGE_SIZE
    result.width = IMAGE_SIZE
    result.depth = 3
    image_bytes = result.height * result.width * result.depth
    record_bytes = label_bytes + image_bytes

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)
    record_bytes = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)
    depth_major = tf.reshape(
        tf.strided_slice(record_bytes, [label_bytes], [label_bytes + image_bytes]),
        [result.depth, result.height, result.width])
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])
    return result


def _generate_image_and_label_batch(image, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 2
    if shuffle:
        images, label_batch = tf.train.shuffle_batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        images, label_batch = tf.train.batch(
            [image, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return images, tf.reshape(label_batch, [batch_size])


def distorted_inputs(data_dir, batch_size, num_epochs=None):
    filenames = [os.path.join(data_dir, 'data_batch_%d.bin' % i) for i in range(1, 3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs)

    with tf.name_scope('data_augmentation'):
        read_input = read_cifar10(filename_queue)
        reshaped_image = tf.cast(read_input.uint8image, tf.float32)
        distorted_image = tf.image.flip_left_right(reshaped_image)
        float_image = distorted_image - 128.0
        float_image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 3])
        read_input.label.set_shape([1])

        min_fraction_of_examples_in_queue = 0.25
        min_queue_examples = int(NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN * min_fraction_of_examples_in_queue)
    return _generate_image_and_label_batch(float_image, read_input.label, min_queue_examples,
                                           batch_size, shuffle=True)
