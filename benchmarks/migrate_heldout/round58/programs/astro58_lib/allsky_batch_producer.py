import argparse
import os
import sys

import numpy as np
import tensorflow as tf

from astro58_lib.tensorflow_batch_producer import TensorFlowBatchProducer

FLAGS = None

HEIGHT = 4
WIDTH = 4
DEPTH = 1
# ONE = 1

NUM_CLASSES = 3  # 'clear', 'thin cirrus', 'overcast'


class AllSkyBatchProducer(TensorFlowBatchProducer):

    def __init__(self,
                 data_dir,
                 train_file,
                 val_file,
                 test_file):

        self.data_dir = data_dir
        self.train_file = train_file
        self.val_file = val_file
        self.test_file = test_file

    def _read_and_decode_example(self, filename_queue):
        reader = tf.compat.v1.TFRecordReader()
        _, serialized_example = reader.read(filename_queue)
        features = tf.compat.v1.parse_single_example(
            serialized_example,
            features={
                'image_raw': tf.compat.v1.FixedLenFeature([], tf.string),
                'frame_id': tf.compat.v1.FixedLenFeature([], tf.int64),
                'cloud_class': tf.compat.v1.FixedLenFeature([], tf.int64),
                'moon_up': tf.compat.v1.FixedLenFeature([], tf.int64),
            })
        image = tf.compat.v1.decode_raw(features['image_raw'], tf.uint8)
        image.set_shape([HEIGHT * WIDTH * DEPTH])
        image = tf.reshape(image, [HEIGHT, WIDTH, DEPTH])
        image = tf.cast(image, tf.float32) * (1. / 255)
        label = tf.cast(features['cloud_class'], tf.int32)
        return [image, label, features['frame_id'], features['moon_up']]


def write_frames(data_dir, name, first_id, n, seed):
    rng = np.random.RandomState(seed)
    writer = tf.compat.v1.python_io.TFRecordWriter(os.path.join(data_dir, name))
    for i in range(n):
        img = rng.randint(0, 256, size=(HEIGHT, WIDTH, DEPTH)).astype(np.uint8)
        ex = tf.train.Example(features=tf.train.Features(feature={
            'image_raw': tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
            'frame_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[first_id + i])),
            'cloud_class': tf.train.Feature(int64_list=tf.train.Int64List(value=[(first_id + i) % NUM_CLASSES])),
            'moon_up': tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 2])),
        }))
        writer.write(ex.SerializeToString())
    writer.close()


def parse_flags(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument('--data_dir', type=str, default='/tmp/allsky')
    parser.add_argument('--train_file', type=str, default='train.tfrecords')
    parser.add_argument('--val_file', type=str, default='val.tfrecords')
    parser.add_argument('--test_file', type=str, default='test.tfrecords')
    parser.add_argument('--batch_size', type=int, default=4)
    parser.add_argument('--num_threads', type=int, default=2)
    flags, unparsed = parser.parse_known_args(argv)
    return flags
