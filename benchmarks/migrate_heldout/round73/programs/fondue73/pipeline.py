from os import listdir
import os
import random

import numpy as np
import tensorflow.compat.v1 as tf


def create_pipeline(filename, width=4, height=4, depth=3, batch_size=2, name=None):
    with tf.variable_scope(name):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=1, seed=13)
        reader = tf.TFRecordReader()
        key, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(
            serialized_example,
            features={
                'height': tf.FixedLenFeature([], tf.int64),
                'width': tf.FixedLenFeature([], tf.int64),
                'depth': tf.FixedLenFeature([], tf.int64),
                'image_raw': tf.FixedLenFeature([], tf.string),
            })
        image = tf.decode_raw(features['image_raw'], tf.uint8)
        image = tf.reshape(image, tf.stack([features['height'], features['width'], features['depth']]))
        image.set_shape([height, width, depth])
        image = tf.cast(image, tf.float32) / 127.5 - 1.0
        min_after_dequeue = 4
        images = tf.train.shuffle_batch([image], batch_size=batch_size, num_threads=2,
                                        capacity=min_after_dequeue + 3 * batch_size,
                                        min_after_dequeue=min_after_dequeue, seed=17)
        return images


def write_records(folder, filename, n, offset):
    """Folder of raw swatches -> one TFRecord (the repo read jpgs with scipy; here raw bytes)."""
    random.seed(offset)
    path = os.path.join(folder, filename)
    with tf.python_io.TFRecordWriter(path) as writer:
        for i in range(n):
            img = np.full((4, 4, 3), (offset + i * 16) % 256, dtype=np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                'height': tf.train.Feature(int64_list=tf.train.Int64List(value=[4])),
                'width': tf.train.Feature(int64_list=tf.train.Int64List(value=[4])),
                'depth': tf.train.Feature(int64_list=tf.train.Int64List(value=[3])),
                'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()]))}))
            writer.write(ex.SerializeToString())
    return path
