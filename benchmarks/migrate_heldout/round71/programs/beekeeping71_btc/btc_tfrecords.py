# Hive Frame Classification
# Script for Creating TFRecords and Loading Batches
# (held-out round 71, after the brain-tumour project's BTCTFRecords class by Qixun Qu: writer-shrunk,
#  create_tfrecord writes seeded patches instead of reading augmented .npy cases)

'''

Class BTCTFRecords

-1- Write training patches and validating patches with their
    labels into tfrecord files respectively.

-2- Load batches and labels for training and validating from
    tfrecords.

'''


from __future__ import print_function

import os
import numpy as np
import tensorflow.compat.v1 as tf
from beekeeping71_btc.btc_settings import *


class BTCTFRecords():

    def __init__(self, data_mode=None):
        '''__INIT__

            Initialization.

            Input:
            ------
            - data_mode: string, "patch", "volume" or "slice"

        '''

        # Leads to different normalization methods
        self.data_mode = data_mode
        self.data_num = {}

        return

    def create_tfrecord(self, output_dir, counts):
        '''CREATE_TFRECORD

            Write seeded frame patches for two datasets.

        '''

        if not os.path.isdir(output_dir):
            os.makedirs(output_dir)
        rng = np.random.RandomState(71)
        for mode, n in counts:
            tfrecord_path = os.path.join(output_dir, "partial_" + mode + ".tfrecord")
            self._write_tfrecord(tfrecord_path, mode, n, rng)
        return

    def _write_tfrecord(self, tfrecord_path, mode, n, rng):
        # Create writer
        writer = tf.python_io.TFRecordWriter(tfrecord_path)
        data_num = 0
        for i in range(n):
            data = rng.uniform(0, 1, size=PATCH_SHAPE).astype(np.float32)
            grade = [GRADE_II, GRADE_III, GRADE_IV][i % 3]
            # Form an example of a data with its grade
            data_raw = data.tobytes()
            example = tf.train.Example(features=tf.train.Features(feature={
                "label": tf.train.Feature(int64_list=tf.train.Int64List(value=[grade])),
                "data": tf.train.Feature(bytes_list=tf.train.BytesList(value=[data_raw]))
            }))

            # Write the example into tfrecord file
            writer.write(example.SerializeToString())
            data_num += 1
        # Close writer
        writer.close()
        self.data_num[mode] = data_num
        return

    def decode_tfrecord(self, path, batch_size,
                        num_epoches, patch_shape,
                        capacity, min_after_dequeue):
        '''DECODE_TFRECORD

            Decode batches from tfrecords according to given settings.
            Global settings can be found in btc_settings.py.

            Outputs:
            --------
            - data: shuffled data batch for dataset1 or dataset2
            - labels: grade labels for data

        '''

        # Set default value of number of epoches
        if not num_epoches:
            num_epoches = None

        with tf.name_scope("input"):
            # Generate queue and load example
            queue = tf.train.string_input_producer([path], num_epochs=num_epoches)
            data, label = self._decode_example(queue, patch_shape)

            # Shuffle data
            datas, labels = tf.train.shuffle_batch([data, label],
                                                   batch_size=batch_size,
                                                   num_threads=NUM_THREADS,
                                                   capacity=capacity,
                                                   min_after_dequeue=min_after_dequeue,
                                                   seed=71)
        return datas, labels

    def _decode_example(self, queue, patch_shape):
        '''_DECORD_EXAMPLE

            Decode one example from tfrecord file,
            including its dat and label.

        '''

        # Load features for one example, in this case,
        # they are data and its label
        reader = tf.TFRecordReader()
        _, serialized_example = reader.read(queue)
        features = tf.parse_single_example(
            serialized_example,
            features={
                "label": tf.FixedLenFeature([], tf.int64),
                "data": tf.FixedLenFeature([], tf.string)
            })

        # Load and reshape data
        data = tf.decode_raw(features["data"], tf.float32)
        data = tf.reshape(data, patch_shape)

        # Extract its label
        label = features["label"]

        return data, label
