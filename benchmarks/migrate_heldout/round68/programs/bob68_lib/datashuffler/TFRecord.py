#!/usr/bin/env python
# vim: set fileencoding=utf-8 :

import tensorflow.compat.v1 as tf

from .Base import Base
from .normalizer import Linear


class TFRecord(Base):
    """
    Load data from a tf-record file, reading it through a filename queue
    (`tf.train.string_input_producer`).

     **Parameters**

     filename_queue: Tensorflow producer
     input_shape: Shape of the input in the tf-record
     input_dtype: Type of the raw data saved in the tf-record
     batch_size: Size of the batch
     seed: Seed
     prefetch_capacity: Capacity of the bucket for prefetching
     prefetch_threads: Number of threads in the prefetching
    """

    def __init__(self, filename_queue,
                 input_shape=[None, 28, 28, 1],
                 input_dtype=tf.uint8,
                 batch_size=32,
                 seed=10,
                 prefetch_capacity=50,
                 prefetch_threads=5,
                 normalizer=Linear()):

        # Setting the seed for the pseudo random number generator
        self.seed = seed

        self.input_dtype = input_dtype
        self.normalizer = normalizer

        # TODO: Check if the bacth size is higher than the input data
        self.batch_size = batch_size

        # Preparing the inputs
        self.filename_queue = filename_queue
        self.input_shape = tuple(input_shape)

        # Prefetch variables
        self.prefetch = True
        self.prefetch_capacity = prefetch_capacity
        self.prefetch_threads = prefetch_threads

        self.data_ph = None
        self.label_ph = None
        self.key_ph = None

    def __load_features(self):
        """
        Load features from queue
        """

        feature = {'train/data': tf.FixedLenFeature([], tf.string),
                   'train/label': tf.FixedLenFeature([], tf.int64),
                   'train/key': tf.FixedLenFeature([], tf.string)}

        # Define a reader and read the next record
        reader = tf.TFRecordReader()

        _, serialized_example = reader.read(self.filename_queue)

        # Decode the record read by the reader
        features = tf.parse_single_example(serialized_example, features=feature)

        # Convert the image data from string back to the numbers
        image = tf.decode_raw(features['train/data'], self.input_dtype)

        # Cast label data into int32
        label = tf.cast(features['train/label'], tf.int64)

        # Reshape image data into the original shape
        image = tf.reshape(image, self.input_shape[1:])

        return image, label, features['train/key']

    def create_placeholders(self):
        """
        Create placeholder instances

        :return:
        """

        feature, label, key = self.__load_features()
        feature = self.normalize_sample(feature)

        data_ph, label_ph, key_ph = tf.train.shuffle_batch(
            [feature, label, key], batch_size=self.batch_size,
            capacity=self.prefetch_capacity, num_threads=self.prefetch_threads,
            min_after_dequeue=1, name="shuffle_batch", seed=self.seed)

        self.data_ph = data_ph
        self.label_ph = label_ph
        self.key_ph = key_ph

    def __call__(self, element, from_queue=False):
        if element == "key":
            if self.data_ph is None:
                self.create_placeholders()
            return self.key_ph
        return super(TFRecord, self).__call__(element, from_queue=False)

    def get_batch(self):
        """
        Shuffle the Memory dataset and get a random batch.
        """
        raise ValueError("Not implemented: use the shuffle_batch tensors")
