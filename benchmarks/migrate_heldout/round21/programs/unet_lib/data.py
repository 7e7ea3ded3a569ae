"""Segmentation records for the U-Net trainer: PNG image and PNG mask per record, resized (bilinear for the
image, nearest neighbour for the mask), the mask one-hot encoded; `inputs()` shuffles batches."""

import glob
import os

import tensorflow.compat.v1 as tf


def read_and_decode(filename_queue, image_size, num_classes):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'mask_raw': tf.FixedLenFeature([], tf.string),
            'height': tf.FixedLenFeature([], tf.int64),
            'width': tf.FixedLenFeature([], tf.int64),
            'name': tf.FixedLenFeature([], tf.string),
        })
    image = tf.image.decode_png(features['image_raw'], channels=3)
    mask = tf.image.decode_png(features['mask_raw'], channels=1)
    image = tf.image.resize_images(image, [image_size, image_size])
    mask = tf.image.resize_images(mask, [image_size, image_size],
                                  method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = image / 255.0
    mask = tf.squeeze(tf.cast(mask, tf.int32), axis=2)
    mask_onehot = tf.one_hot(mask, num_classes)
    return image, mask, mask_onehot, features['name']


def inputs(tfrecords_dir, batch_size, num_epochs, config):
    """Shuffled batches of (image, mask, one-hot mask, name), read num_epochs times."""
    filenames = sorted(glob.glob(os.path.join(tfrecords_dir, '*.tfrecords')))
    if not filenames:
        raise IOError('no .tfrecords files in %s' % tfrecords_dir)
    with tf.name_scope('input'):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs)
        image, mask, onehot, name = read_and_decode(filename_queue, config['image_size'], config['num_classes'])
        images, masks, onehots, names = tf.train.shuffle_batch(
            [image, mask, onehot, name], batch_size=batch_size, num_threads=2,
            capacity=config['min_after_dequeue'] + 3 * batch_size,
            min_after_dequeue=config['min_after_dequeue'],
            allow_smaller_final_batch=True)
    return images, masks, onehots, names
