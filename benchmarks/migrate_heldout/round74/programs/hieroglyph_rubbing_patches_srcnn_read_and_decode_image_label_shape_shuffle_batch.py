"""Hieroglyph rubbing patches: an SRCNN-style research script (`read_and_decode(filename_queue,
image_shape=(3,33,33), label_shape=(2))` after the fully_connected_reader example, channel-first patches
transposed to HWC), shrunk to 3x5x5 patches and 3x3 labels, two-thread shuffle_batch for one epoch."""
from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

# https://github.com/tensorflow/tensorflow/blob/master/tensorflow/examples/how_tos/reading_data/fully_connected_reader.py

def read_and_decode(filename_queue, image_shape=(3, 5, 5), label_shape=(3, 3, 3)):
    # Define a reader
    reader = tf.TFRecordReader()

    # Read the next record
    _, serialized_example = reader.read(queue=filename_queue)

    # Decode the record read by the reader
    features = tf.parse_single_example(
        serialized = serialized_example,
        features = {
            'image': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.string),
            'key': tf.FixedLenFeature([], tf.string),
        })

    # Convert from a scalar string tensor to a uint8 tensor
    image = tf.decode_raw(features['image'], tf.uint8)
    image = tf.reshape(image, image_shape)
    image = tf.transpose(image, [1, 2, 0])
    label = tf.decode_raw(features['label'], tf.uint8)
    label = tf.reshape(label, label_shape)
    label = tf.transpose(label, [1, 2, 0])

    # Convert from [0, 255] -> [0, 1] floats.
    image = tf.cast(image, tf.float32) * (1. / 255)
    label = tf.cast(label, tf.float32) * (1. / 255)
    return image, label, features['key']


def inputs(filename, batch_size, num_epochs):
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
        image, label, key = read_and_decode(filename_queue)
        images, labels, keys = tf.train.shuffle_batch(
            [image, label, key], batch_size=batch_size, num_threads=2,
            capacity=1000 + 3 * batch_size,
            # Ensures a minimum amount of shuffling of examples.
            min_after_dequeue=5, seed=74)
    return images, labels, keys


def convert_to(data_dir):
    root = os.path.join(data_dir, "h74_hieroglyph")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7408)
    filename = os.path.join(root, "train.tfrecords")
    with tf.python_io.TFRecordWriter(filename) as writer:
        for i in range(8):
            patch = rng.randint(0, 256, size=(3, 5, 5)).astype(np.uint8)
            label = patch[:, 1:4, 1:4].copy()
            example = tf.train.Example(features=tf.train.Features(feature={
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[patch.tobytes()])),
                'label': tf.train.Feature(bytes_list=tf.train.BytesList(value=[label.tobytes()])),
                'key': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"glyph%d" % i]))}))
            writer.write(example.SerializeToString())
    return filename


def main(data_dir):
    filename = convert_to(data_dir)
    images, labels, keys = inputs(filename, batch_size=4, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    batches = []
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        step = 0
        while not coord.should_stop():
            im, lb, k = sess.run([images, labels, keys])
            batches.append([np.round(im[:, :, :, 0], 4).tolist(), np.round(lb.sum(axis=(1, 2, 3)), 3).tolist(),
                            [x.decode() for x in k]])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done training for %d epochs, %d steps.' % (1, step))
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "patches: %d" % sum(len(b[2]) for b in batches)}
