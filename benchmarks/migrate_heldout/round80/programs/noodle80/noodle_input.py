"""Reads noodle-dough sheet scans stored as fixed-length binary records.

Laid out after xuehuanran/tensorflow-tutorial ``convolution_neural_networks/cifar10_input.py``: a local record
class filled by ``read_noodle``, the ``distored_inputs`` name (sic) and the ``tf.gfile.Exists`` check per file.
Writer changes: 2x3x1 sheets, three batch files, ``num_epochs=1``, seeds and two batching threads.
"""
import os

import tensorflow.compat.v1 as tf
from six.moves import xrange

IMAGE_SIZE = 2


def read_noodle(filename_queue):

    class NoodleRecord(object):
        pass
    result = NoodleRecord()

    label_bytes = 1
    result.height = 2
    result.width = 3
    result.depth = 1
    image_bytes = result.height * result.width * result.depth
    record_bytes = label_bytes + image_bytes

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)

    record_bytes = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)

    depth_major = tf.reshape(
        tf.strided_slice(record_bytes, [label_bytes],
                         [label_bytes + image_bytes]),
        [result.depth, result.height, result.width])
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])

    return result


def distored_inputs(data_dir, batch_size):
    filenames = [os.path.join(data_dir, 'data_batch_%d.bin' % x) for x in xrange(1, 4)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file ' + f)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, seed=80)
    read_input = read_noodle(filename_queue)
    reshaped_image = tf.cast(read_input.uint8image, tf.float32)
    reshaped_image = reshaped_image / 255.0
    read_input.label.set_shape([1])

    min_queue_examples = 4
    images, label_batch = tf.train.shuffle_batch(
        [reshaped_image, read_input.label],
        batch_size=batch_size,
        num_threads=2,
        capacity=min_queue_examples + 3 * batch_size,
        min_after_dequeue=min_queue_examples,
        seed=80)
    return images, tf.reshape(label_batch, [batch_size])
