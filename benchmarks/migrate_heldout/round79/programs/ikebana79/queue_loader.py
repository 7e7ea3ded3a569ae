from __future__ import division
from __future__ import print_function
from __future__ import absolute_import

import os
import glob
import pickle

import numpy as np
import tensorflow.compat.v1 as tf


def readFromTFRecords(filename, batch_size, num_epochs, img_shape, num_threads=2, min_after_dequeue=1000):
    """
    Args:
        filename: the .tfrecords file we are going to load
        batch_size: batch size
        num_epoch: number of epochs, None means train forever
        img_shape: image shape: [height, width, channels]
        num_threads: number of threads
        min_after_dequeue: how big a buffer we randomly sample from
            (capacity is usually min_after_dequeue + (num_threads + eta) * batch_size)

    Return:
        images: (batch_size, height, width, channels)
        labels: (batch_size)
    """
    def read_and_decode(filename_queue, img_shape):
        """Return a single example for queue"""
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(
                serialized_example,
                features={
                    'image_raw': tf.FixedLenFeature([], tf.string),
                    'label': tf.FixedLenFeature([], tf.int64),
                }
        )
        # some essential steps
        image = tf.decode_raw(features['image_raw'], tf.uint8)
        image = tf.reshape(image, img_shape)    # THIS IS IMPORTANT
        image.set_shape(img_shape)
        image = tf.cast(image, tf.float32) * (1 / 255.0)  # set to [0, 1]

        sparse_label = tf.cast(features['label'], tf.int32)

        return image, sparse_label

    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)

    image, sparse_label = read_and_decode(filename_queue, img_shape)  # share filename_queue with multiple threads

    # tf.train.shuffle_batch internally uses a RandomShuffleQueue
    images, sparse_labels = tf.train.shuffle_batch(
            [image, sparse_label], batch_size=batch_size, num_threads=num_threads,
            min_after_dequeue=min_after_dequeue,
            capacity=min_after_dequeue + (num_threads + 1) * batch_size
    )

    return images, sparse_labels


def convertToTFRecords(images, labels, num_examples, filename):
    """Store images (num_examples, height, width, channels) and labels as one .tfrecords file."""
    rows = images.shape[1]
    cols = images.shape[2]
    depth = images.shape[3]

    writer = tf.python_io.TFRecordWriter(filename)
    for index in range(num_examples):
        image_raw = images[index].tobytes()
        example = tf.train.Example(features=tf.train.Features(feature={
            'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[rows])),
            'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[cols])),
            'depth': tf.train.Feature(int64_list=tf.train.Int64List(value=[depth])),
            'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[labels[index]])),
            'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image_raw]))
        }))
        writer.write(example.SerializeToString())
    writer.close()


def read_data_batches(data_log, train=True):
    """Read the pickled photo batches (cifar-like dicts) as numpy arrays.
    THE DTYPE IS IMPORTANT FOR read_and_decode() ABOVE!!
    """
    if train:
        print('Reading training batches')
        paths = sorted(glob.glob(os.path.join(data_log, 'photo-batches-py', 'data_batch_*')))
    else:
        print('Reading test batch')
        paths = [os.path.join(data_log, 'photo-batches-py', 'test_batch')]
    batches = [pickle.load(open(p, 'rb')) for p in paths]

    count = sum(len(b['labels']) for b in batches)
    images = np.zeros((count, 4, 4, 3), dtype=np.uint8)
    labels = np.zeros((count), dtype=np.int32)
    per = len(batches[0]['labels'])
    for i, b in enumerate(batches):
        for j, l in enumerate(b['labels']):
            images[i * per + j] = b['data'][j].reshape([3, 4, 4]).transpose([2, 1, 0]).transpose(1, 0, 2)
            labels[i * per + j] = l

    return images, labels


class Queue_loader():
    # This queue loader uses the arrangement photos as example data
    def __init__(self, data_log, batch_size, num_epochs, num_threads=2, min_after_dequeue=1000, train=True):
        if train:
            filename = 'train_package.tfrecords'
        else:
            filename = 'test_package.tfrecords'

        # First, we generate a single file which contains both images and labels
        if not os.path.exists(os.path.join(data_log, filename)):
            images, labels = read_data_batches(data_log, train)
            convertToTFRecords(images, labels, len(images), os.path.join(data_log, filename))

        img_shape = [4, 4, 3]
        self.num_examples = 12 if train else 4
        # the above 2 lines are set manually assuming we have already generated .tfrecords file
        self.num_batches = int(self.num_examples / batch_size)

        # Second, we read from the .tfrecords file
        self.images, self.labels = readFromTFRecords(os.path.join(data_log, filename), batch_size, num_epochs,
                img_shape, num_threads, min_after_dequeue)
