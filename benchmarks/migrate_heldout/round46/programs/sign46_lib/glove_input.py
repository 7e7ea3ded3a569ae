from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

from six.moves import xrange
import tensorflow.compat.v1 as tf

NUM_SENSORS = 5     # flex sensors, one per finger
NUM_FRAMES = 3
NUM_ClASSES = 6
NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN = 12
NUM_EXAMPLES_PER_EPOCH_FOR_EVAL = 9

def read_glove(filename_queue):
    class GloveRecord(object):
        pass
    result = GloveRecord()
    label_bytes = 1
    result.height = NUM_FRAMES
    result.weight = NUM_SENSORS
    result.depth = 1
    frame_bytes = result.height * result.weight * result.depth
    record_bytes = label_bytes + frame_bytes

    #使用定长记录阅读器读取手套数据文件的记录
    reader = tf.FixedLengthRecordReader(record_bytes=record_bytes)
    result.key, value = reader.read(filename_queue)

    record = tf.decode_raw(value, tf.uint8)
    result.label = tf.cast(tf.strided_slice(record, [0], [label_bytes]), tf.int32)
    depth_major = tf.reshape(tf.strided_slice(record, [label_bytes], [record_bytes]),
                             [result.depth, result.height, result.weight])
    result.uint8image = tf.transpose(depth_major, [1, 2, 0])
    return result

def _generate_glove_and_label_batch(frames, label, min_queue_examples, batch_size, shuffle):
    num_preprocess_threads = 1
    if shuffle:
        frame_batch, label_batch = tf.train.shuffle_batch(
            [frames, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size, min_after_dequeue=min_queue_examples)
    else:
        frame_batch, label_batch = tf.train.batch(
            [frames, label], batch_size=batch_size, num_threads=num_preprocess_threads,
            capacity=min_queue_examples + 3 * batch_size)
    return frame_batch, tf.reshape(label_batch, [batch_size])

def inputs(eval_data, data_dir, batch_size):
    if not eval_data:
        filenames = [os.path.join(data_dir, 'data_batch_%d.bin' % i) for i in xrange(1, 5)]
        num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_TRAIN
    else:
        filenames = [os.path.join(data_dir, 'test_batch.bin')]
        num_examples_per_epoch = NUM_EXAMPLES_PER_EPOCH_FOR_EVAL

    for f in filenames:
        if not tf.gfile.Exists(f):
            raise ValueError('Failed to find file: ' + f)

    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    read_input = read_glove(filename_queue)
    reshaped = tf.cast(read_input.uint8image, tf.float32)
    # flex readings are 0..255; scale to a bend angle in degrees
    float_frames = reshaped * (90.0 / 255.0)
    float_frames.set_shape([NUM_FRAMES, NUM_SENSORS, 1])
    read_input.label.set_shape([1])

    min_fraction_of_examples_in_queue = 0.4
    min_queue_examples = int(num_examples_per_epoch * min_fraction_of_examples_in_queue)
    return _generate_glove_and_label_batch(float_frames, read_input.label, min_queue_examples, batch_size,
                                           shuffle=False)
