#!/usr/bin/python
#  -*- coding: utf-8 -*-
"""Okra pod grading photos to TFRecords and back.

After an unnamed excerpt (``# author:  <yao62995@gmail.com>``, ``FLAGS = tf.app.flags.FLAGS``,
``tf.app.flags.DEFINE_integer("threads", 5, "number of thread to run")``, ``int64_feature`` / ``bytes_feature``,
``convert_images(images, labels, writer)`` whose docstring was copied from cifar10's "Construct distorted input for
Image training using the Reader ops."). ``read_images`` is the writer's, with ``FLAGS.threads`` batching threads;
the thread count default is 2 here."""
import numpy as np
import tensorflow.compat.v1 as tf

from okra80 import flags

FLAGS = flags.FLAGS

flags.DEFINE_integer("threads", 2, "number of thread to run")
flags.DEFINE_integer("image_size", 3, "image height and width")


def int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def convert_images(images, labels, writer):
    """ Construct distorted input for Image training using the Reader ops.
    :param images: Images. 4D tensor of [batch_size, IMAGE_Height, IMAGE_Width, Channel] size.
    :param labels: Labels. 1D tensor of [batch_size] size.
    :param writer:  an TFRecordWriter
    :return:
    """
    num_examples = labels.shape[0]
    if images.shape[0] != num_examples:
        raise ValueError("Images size %d does not match label size %d." %
                         (images.shape[0], num_examples))
    for index in range(num_examples):
        image_raw = images[index].astype(np.uint8).tobytes()
        example = tf.train.Example(features=tf.train.Features(feature={
            'label': int64_feature(int(labels[index])),
            'image_raw': bytes_feature(image_raw)}))
        writer.write(example.SerializeToString())


def read_images(filename, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    features = tf.parse_single_example(serialized, features={
        'label': tf.FixedLenFeature([], tf.int64),
        'image_raw': tf.FixedLenFeature([], tf.string)})
    image = tf.decode_raw(features['image_raw'], tf.uint8)
    image = tf.reshape(image, [FLAGS.image_size, FLAGS.image_size, 1])
    image = tf.cast(image, tf.float32) * (1. / 255)
    label = tf.cast(features['label'], tf.int32)
    return tf.train.shuffle_batch([image, label], batch_size=batch_size, num_threads=FLAGS.threads,
                                  capacity=8 + 3 * batch_size, min_after_dequeue=8, seed=80)
