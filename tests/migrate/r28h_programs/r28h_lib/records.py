import os

import numpy as np
import tensorflow.compat.v1 as tf

FILES_GLOBAL = None


class Digits(object):
    SIZE = 4

    @staticmethod
    def write(out_dir, name, n, offset):
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, name + '.tfrecords')
        with tf.python_io.TFRecordWriter(path) as writer:
            for k in range(n):
                img = ((np.arange(16) * (k + offset)) % 256).astype(np.uint8)
                example = tf.train.Example(features=tf.train.Features(feature={
                    'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[(k + offset) % 10])),
                }))
                writer.write(example.SerializeToString())
        return path

    @staticmethod
    def read_and_decode(filename, epochs=None):
        filename_queue = tf.train.string_input_producer([filename], num_epochs=epochs, shuffle=False)
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.parse_single_example(serialized_example, features={
            'image_raw': tf.FixedLenFeature([], tf.string),
            'label': tf.FixedLenFeature([], tf.int64),
        })
        image = tf.decode_raw(features['image_raw'], tf.uint8)
        image.set_shape([Digits.SIZE * Digits.SIZE])
        image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
        return image, tf.cast(features['label'], tf.int32)
