"""Routine for decoding a (shrunk) SVHN binary file format."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import tensorflow.compat.v1 as tf

IMAGE_SIZE = 4
NUM_CLASSES = 10


def read_svhn(filename_queue):
    class SVHNRecord(object):
        pass
    result = SVHNRecord()
    label_bytes = 1
    result.height = IMAGE_SIZE
    result.width = IMAGE_SIZE
    result.depth = 3
    image_bytes = result.height * result.width * result.depth
    record_bytes = label_bytes + image_bytes

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)
    record = tf.decode_raw(value, tf.uint8)
    # SVHN stores the digit 0 as label 10
    result.label = tf.mod(tf.cast(tf.strided_slice(record, [0], [label_bytes]), tf.int32), NUM_CLASSES)
    depth_major = tf.reshape(tf.strided_slice(record, [label_bytes], [record_bytes]),
                             [result.depth, result.height, result.width])
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])
    return result


def inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, "data_batch_%d.bin" % i) for i in range(1, 3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError("Failed to find file: " + f)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    read_input = read_svhn(filename_queue)
    reshaped_image = tf.cast(read_input.uint8image, tf.float32)
    float_image = reshaped_image / 255.0
    read_input.label.set_shape([1])
    images, label_batch = tf.train.batch([float_image, read_input.label], batch_size=batch_size,
                                         num_threads=1, capacity=3 * batch_size)
    return images, tf.reshape(label_batch, [batch_size])
