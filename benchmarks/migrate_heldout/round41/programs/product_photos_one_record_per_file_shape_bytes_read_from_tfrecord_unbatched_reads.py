""" Examples of how to write a product photo and its label to a TFRecord file and
read them back (after the CS 20SI TFRecord example): the shape is stored as bytes
next to the pixels, so photos of any size can be reshaped after decode_raw.
"""
from __future__ import print_function

import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1

# product category ids
CATEGORIES = {'mug': 0, 'sneaker': 1, 'lamp': 2, 'backpack': 3}


def get_image_binary(filename):
    """ You can read in the image using tensorflow too, but it's a drag
        since you have to create graphs. Here the photo is a numpy dump.
    """
    image = np.load(filename)
    image = np.asarray(image, np.uint8)
    shape = np.array(image.shape, np.int32)
    return shape.tobytes(), image.tobytes()  # convert image to raw data bytes in the array.


def write_to_tfrecord(label, shape, binary_image, tfrecord_file):
    """ This example is to write a sample to TFRecord file. If you want to write
    more samples, just use a loop.
    """
    writer = tf.io.TFRecordWriter(tfrecord_file)
    # write label, shape, and image content to the TFRecord file
    example = tf.train.Example(features=tf.train.Features(feature={
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[label])),
                'shape': tf.train.Feature(bytes_list=tf.train.BytesList(value=[shape])),
                'image': tf.train.Feature(bytes_list=tf.train.BytesList(value=[binary_image]))
                }))
    writer.write(example.SerializeToString())
    writer.close()


def write_tfrecord(label, image_file, tfrecord_file):
    shape, binary_image = get_image_binary(image_file)
    write_to_tfrecord(label, shape, binary_image, tfrecord_file)


def read_from_tfrecord(filenames):
    tfrecord_file_queue = tf1.train.string_input_producer(filenames, name='queue', seed=20)
    reader = tf1.TFRecordReader()
    _, tfrecord_serialized = reader.read(tfrecord_file_queue)

    # label and image are stored as bytes but could be stored as
    # int64 or float64 values in a serialized tf.Example protobuf.
    tfrecord_features = tf1.parse_single_example(tfrecord_serialized,
                        features={
                            'label': tf1.FixedLenFeature([], tf.int64),
                            'shape': tf1.FixedLenFeature([], tf.string),
                            'image': tf1.FixedLenFeature([], tf.string),
                        }, name='features')
    # image was saved as uint8, so we have to decode as uint8.
    image = tf1.decode_raw(tfrecord_features['image'], tf.uint8)
    shape = tf1.decode_raw(tfrecord_features['shape'], tf.int32)
    # the image tensor is flattened out, so we have to reconstruct the shape
    image = tf.reshape(image, shape)
    label = tfrecord_features['label']
    return label, shape, image


def read_tfrecord(tfrecord_files):
    label, shape, image = read_from_tfrecord(tfrecord_files)
    brightness = tf.reduce_mean(tf.cast(image, tf.float32))
    reads = []
    with tf1.Session() as sess:
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(coord=coord)
        for _ in range(len(tfrecord_files)):
            label_v, shape_v, bright_v = sess.run([label, shape, brightness])
            reads.append([[int(label_v)], [shape_v.tolist()], [round(float(bright_v), 3)]])
        coord.request_stop()
        coord.join(threads)
    return reads


def main(data_dir):
    folder = os.path.join(data_dir, 'h41_product_photos')
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(9)
    tfrecord_files = []
    for i, (name, label) in enumerate(sorted(CATEGORIES.items())):
        photo = rng.randint(0, 256, size=(2 + i, 3, 3)).astype(np.uint8)
        image_file = os.path.join(folder, '%s.npy' % name)
        np.save(image_file, photo)
        tfrecord_file = os.path.join(folder, '%s.tfrecord' % name)
        write_tfrecord(label, image_file, tfrecord_file)
        tfrecord_files.append(tfrecord_file)
    reads = read_tfrecord(tfrecord_files)
    return {'batches': reads, 'end': 'photos read: %d' % len(reads)}
