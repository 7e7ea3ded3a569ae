"""
Some of this code is based on the tutorial at
http://ischlag.github.io/2016/06/19/tensorflow-input-pipeline-example/.

This is my version of that blog post for the yoga pose photos of the course project:
Readers, Queues, etc. for training a CNN on little pose silhouettes.
"""

import os
import random
import struct
import zlib

import numpy as np
import tensorflow as tf

from tensorflow.python.framework import ops
from tensorflow.python.framework import dtypes

dataset_path = os.path.join(os.getcwd(), "yoga")
test_labels_file = "test-labels.csv"
train_labels_file = "train-labels.csv"

test_set_size = 4

IMAGE_HEIGHT = 3
IMAGE_WIDTH = 3
NUM_CHANNELS = 1
BATCH_SIZE = 2

POSES = ['tree', 'warrior', 'cobra', 'lotus']


def _png_gray(path, arr):
    h, w = arr.shape
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _make_poses(path):
    rng = np.random.RandomState(1259)
    os.makedirs(os.path.join(path, 'photos'))
    with open(os.path.join(path, train_labels_file), 'w') as f:
        for i in range(12):
            name = 'photos/pose_%02d.png' % i
            _png_gray(os.path.join(path, name), rng.randint(0, 256, size=(3, 3)).astype(np.uint8))
            f.write('%s %d\n' % (name, i % len(POSES)))


# Helper functions for pre-processing

def encode_label(label):
    return int(label)


def read_label_file(file):
    f = open(file, "r")
    filepaths = []
    labels = []
    for line in f:
        filepath, label = line.split(" ")
        filepaths.append(filepath)
        labels.append(encode_label(label))
    f.close()
    return filepaths, labels


def main(data_dir):
    global dataset_path
    dataset_path = os.path.join(data_dir, 'h59_yoga_poses')
    if not os.path.isdir(dataset_path):
        _make_poses(dataset_path)

    tf.compat.v1.set_random_seed(24601)
    random.seed(24601)

    # reading labels and file path
    train_filepaths, train_labels = read_label_file(os.path.join(dataset_path, train_labels_file))

    # transform relative path into full path
    all_filepaths = [os.path.join(dataset_path, fp) for fp in train_filepaths]
    all_labels = train_labels

    # convert string into tensors
    all_images = ops.convert_to_tensor(all_filepaths, dtype=dtypes.string)
    all_labels = ops.convert_to_tensor(all_labels, dtype=dtypes.int32)

    # create a partition vector
    partitions = [0] * len(all_filepaths)
    partitions[:test_set_size] = [1] * test_set_size
    random.shuffle(partitions)

    # partition our data into a test and train set according to our partition vector
    train_images, test_images = tf.dynamic_partition(all_images, partitions, 2)
    train_labels, test_labels = tf.dynamic_partition(all_labels, partitions, 2)

    # create input queues
    train_input_queue = tf.compat.v1.train.slice_input_producer(
        [train_images, train_labels],
        shuffle=False, num_epochs=1)
    test_input_queue = tf.compat.v1.train.slice_input_producer(
        [test_images, test_labels],
        shuffle=False, num_epochs=1)

    # process path and string tensor into an image and a label
    file_content = tf.io.read_file(train_input_queue[0])
    train_image = tf.image.decode_png(file_content, channels=NUM_CHANNELS)
    train_label = train_input_queue[1]

    file_content = tf.io.read_file(test_input_queue[0])
    test_image = tf.image.decode_png(file_content, channels=NUM_CHANNELS)
    test_label = test_input_queue[1]

    # define tensor shape
    train_image.set_shape([IMAGE_HEIGHT, IMAGE_WIDTH, NUM_CHANNELS])
    test_image.set_shape([IMAGE_HEIGHT, IMAGE_WIDTH, NUM_CHANNELS])

    # collect batches of images before processing
    train_image_batch, train_label_batch = tf.compat.v1.train.batch(
        [train_image, train_label],
        batch_size=BATCH_SIZE
        # ,num_threads=1
    )
    test_image_batch, test_label_batch = tf.compat.v1.train.batch(
        [test_image, test_label],
        batch_size=BATCH_SIZE
        # ,num_threads=1
    )

    # print "input pipeline ready"

    batches = []
    with tf.compat.v1.Session() as sess:

        # initialize the variables
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(tf.compat.v1.local_variables_initializer())

        # initialize the queue threads to start to shovel data
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(coord=coord)

        # print "from the train set:"
        for i in range(4):
            imgs, labs = sess.run([train_image_batch, train_label_batch])
            batches.append([imgs.tolist(), labs.tolist()])

        # print "from the test set:"
        for i in range(2):
            imgs, labs = sess.run([test_image_batch, test_label_batch])
            batches.append([imgs.tolist(), labs.tolist()])

        # stop our queue threads and properly close the session
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": "4 train steps, 2 test steps"}
