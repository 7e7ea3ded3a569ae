"""Quokka selfie thumbnails in TFRecords with `image/height` / `image/width` keys, read the way the
fully_connected_reader descendants do: module constants, `FLAGS = None` filled by argparse, `read_and_decode`,
`inputs(train, batch_size, num_epochs)` with a two-thread `shuffle_batch`, `run_training()` looping to the end."""
import argparse
import os
import sys
import time

import numpy as np
import tensorflow.compat.v1 as tf

# Basic model parameters as external flags.
FLAGS = None

# Constants used for dealing with the files, matches convert_to_records.
IMAGE_HEIGHT = 4
IMAGE_WIDTH = 4
TRAIN_FILE = 'train.tfrecords'


def convert_to(images, labels, name):
    filename = os.path.join(FLAGS.train_dir, name)
    writer = tf.python_io.TFRecordWriter(filename)
    for index in range(len(images)):
        example = tf.train.Example(features=tf.train.Features(feature={
            'image/height': tf.train.Feature(int64_list=tf.train.Int64List(value=[IMAGE_HEIGHT])),
            'image/width': tf.train.Feature(int64_list=tf.train.Int64List(value=[IMAGE_WIDTH])),
            'image/label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(labels[index])])),
            'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[images[index].tobytes()]))}))
        writer.write(example.SerializeToString())
    writer.close()


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        # Defaults are not specified since both keys are required.
        features={
            'image/height': tf.FixedLenFeature([], tf.int64),
            'image/width': tf.FixedLenFeature([], tf.int64),
            'image/label': tf.FixedLenFeature([], tf.int64),
            'image/encoded': tf.FixedLenFeature([], tf.string),
        })
    image = tf.decode_raw(features['image/encoded'], tf.uint8)
    image.set_shape([IMAGE_HEIGHT * IMAGE_WIDTH])
    # Convert from [0, 255] -> [-0.5, 0.5] floats.
    image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
    label = tf.cast(features['image/label'], tf.int32)
    size = tf.cast(features['image/height'] * features['image/width'], tf.int32)
    return image, label, size


def inputs(train, batch_size, num_epochs):
    if not num_epochs:
        num_epochs = None
    filename = os.path.join(FLAGS.train_dir, TRAIN_FILE if train else 'validation.tfrecords')
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
        image, label, size = read_and_decode(filename_queue)
        images, sparse_labels, sizes = tf.train.shuffle_batch(
            [image, label, size], batch_size=batch_size, num_threads=2,
            capacity=10 + 3 * batch_size, seed=7,
            # Ensures a minimum amount of shuffling of examples.
            min_after_dequeue=10)
        return images, sparse_labels, sizes


def run_training():
    with tf.Graph().as_default():
        images, labels, sizes = inputs(train=True, batch_size=FLAGS.batch_size, num_epochs=FLAGS.num_epochs)
        init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
        sess = tf.Session()
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        seen = []
        try:
            step = 0
            while not coord.should_stop():
                start_time = time.time()
                im, lab, sz = sess.run([images, labels, sizes])
                duration = time.time() - start_time
                seen.append([np.round(im, 3).tolist(), lab.tolist(), sz.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            print('Done training for %d epochs, %d steps.' % (FLAGS.num_epochs, step))
        finally:
            coord.request_stop()
        coord.join(threads)
        sess.close()
        return seen


def main(data_dir):
    global FLAGS
    parser = argparse.ArgumentParser()
    parser.add_argument('--num_epochs', type=int, default=1, help='Number of epochs to run trainer.')
    parser.add_argument('--batch_size', type=int, default=3, help='Batch size.')
    parser.add_argument('--train_dir', type=str, default=os.path.join(data_dir, 'h75_quokka'))
    FLAGS, unparsed = parser.parse_known_args([])
    os.makedirs(FLAGS.train_dir, exist_ok=True)
    rng = np.random.RandomState(5)
    convert_to(rng.randint(0, 256, (12, IMAGE_HEIGHT * IMAGE_WIDTH)).astype(np.uint8), np.arange(12) % 4, TRAIN_FILE)
    batches = run_training()
    return {"batches": batches, "end": "selfies: %d" % (3 * len(batches))}
