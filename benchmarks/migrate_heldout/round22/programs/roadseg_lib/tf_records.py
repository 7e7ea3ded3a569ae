"""Writing and reading image / annotation pairs of several sizes as TFRecords."""

import numpy as np
import tensorflow.compat.v1 as tf


def _bytes_feature(value):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def write_image_annotation_pairs_to_tfrecord(filename_pairs, tfrecords_filename):
    """Writes given (image, annotation) arrays to the tfrecords file."""
    writer = tf.python_io.TFRecordWriter(tfrecords_filename)
    for img, annotation in filename_pairs:
        height, width = img.shape[0], img.shape[1]
        example = tf.train.Example(features=tf.train.Features(feature={
            'height': _int64_feature(height),
            'width': _int64_feature(width),
            'image_raw': _bytes_feature(img.astype(np.uint8).tobytes()),
            'mask_raw': _bytes_feature(annotation.astype(np.uint8).tobytes())}))
        writer.write(example.SerializeToString())
    writer.close()


def read_tfrecord_and_decode_into_image_annotation_pair_tensors(tfrecord_filenames_queue):
    """Return image/annotation tensors that are created by reading tfrecord file.

    The image and annotation keep the size stored in the record: [height, width, 3] and [height, width, 1].
    """
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(tfrecord_filenames_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'height': tf.FixedLenFeature([], tf.int64),
            'width': tf.FixedLenFeature([], tf.int64),
            'image_raw': tf.FixedLenFeature([], tf.string),
            'mask_raw': tf.FixedLenFeature([], tf.string)
        })

    image = tf.decode_raw(features['image_raw'], tf.uint8)
    annotation = tf.decode_raw(features['mask_raw'], tf.uint8)

    height = tf.cast(features['height'], tf.int32)
    width = tf.cast(features['width'], tf.int32)

    image_shape = tf.stack([height, width, 3])
    # The last dimension was added because
    # the tf.resize_image_with_crop_or_pad() accepts tensors
    # that have depth. We need resize and crop later.
    annotation_shape = tf.stack([height, width, 1])

    image = tf.reshape(image, image_shape)
    annotation = tf.reshape(annotation, annotation_shape)

    return image, annotation
