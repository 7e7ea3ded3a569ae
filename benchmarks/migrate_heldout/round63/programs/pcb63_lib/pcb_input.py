"""Routine for decoding the solder-joint crop binary files (AOI station export)."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

from six.moves import xrange  # pylint: disable=redefined-builtin
import tensorflow.compat.v1 as tf

from pcb63_lib.config import FLAGS

IMAGE_SIZE = FLAGS.input_size
NUM_CLASSES = FLAGS.label_size  # good, insufficient solder, bridge


def read_pcb(filename_queue):
    class PCBRecord(object):
        pass
    result = PCBRecord()

    label_bytes = 1
    result.height = IMAGE_SIZE
    result.width = IMAGE_SIZE
    result.depth = 1
    image_bytes = result.height * result.width * result.depth
    board_bytes = 2
    record_bytes = label_bytes + board_bytes + image_bytes

    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)
    record_bytes = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record_bytes, [0], [label_bytes]), tf.int32)
    board = tf.cast(tf.strided_slice(record_bytes, [label_bytes], [label_bytes + board_bytes]), tf.int32)
    result.board_id = board[0] * 256 + board[1]
    depth_major = tf.reshape(
        tf.strided_slice(record_bytes, [label_bytes + board_bytes], [label_bytes + board_bytes + image_bytes]),
        [result.depth, result.height, result.width])
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])
    return result


def _generate_image_and_label_batch(image, label, board, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 2
    if shuffle:
        images, label_batch, boards = tf.train.shuffle_batch(
            [image, label, board],
            batch_size=batch_size,
            num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size,
            min_after_dequeue=min_queue_examples)
    else:
        images, label_batch, boards = tf.train.batch(
            [image, label, board],
            batch_size=batch_size,
            num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return images, tf.reshape(label_batch, [batch_size]), boards


def distorted_inputs(data_dir, batch_size, num_epochs=None):
    filenames = [os.path.join(data_dir, 'line_%d.bin' % i) for i in xrange(1, 3)]
    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs)
    read_input = read_pcb(filename_queue)
    reshaped_image = tf.cast(read_input.uint8image, tf.float32)
    # solder fillets are not symmetric under flips, only contrast is normalised
    float_image = tf.image.per_image_standardization(reshaped_image)
    float_image.set_shape([IMAGE_SIZE, IMAGE_SIZE, 1])
    read_input.label.set_shape([1])
    min_fraction_of_examples_in_queue = 0.25
    min_queue_examples = int(FLAGS.num_examples_per_epoch_for_train * min_fraction_of_examples_in_queue)
    return _generate_image_and_label_batch(float_image, read_input.label, read_input.board_id,
                                           min_queue_examples, batch_size, shuffle=True)
