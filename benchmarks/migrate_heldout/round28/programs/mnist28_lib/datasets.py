import os

import numpy as np
import tensorflow.compat.v1 as tf


class MNist(object):
    IMAGE_SIZE = 4

    @staticmethod
    def convert_to(images, labels, filename):
        with tf.python_io.TFRecordWriter(filename) as writer:
            for img, lab in zip(images, labels):
                example = tf.train.Example(features=tf.train.Features(feature={
                    'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                    'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(lab)])),
                }))
                writer.write(example.SerializeToString())

    @staticmethod
    def fake_split(out_dir, name, n, offset):
        os.makedirs(out_dir, exist_ok=True)
        size = MNist.IMAGE_SIZE
        images = [((np.arange(size * size) * (k + offset)) % 256).astype(np.uint8) for k in range(n)]
        labels = [(k + offset) % 10 for k in range(n)]
        path = os.path.join(out_dir, name + '.tfrecords')
        MNist.convert_to(images, labels, path)
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
        image.set_shape([MNist.IMAGE_SIZE * MNist.IMAGE_SIZE])
        image = tf.cast(image, tf.float32) * (1. / 255) - 0.5
        label = tf.cast(features['label'], tf.int32)
        return image, label
