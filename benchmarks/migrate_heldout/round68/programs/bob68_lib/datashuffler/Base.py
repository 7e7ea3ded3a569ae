#!/usr/bin/env python
# vim: set fileencoding=utf-8 :
# @date: Wed 11 May 2016 09:39:36 CEST

import numpy
import tensorflow.compat.v1 as tf

from .normalizer import Linear


class Base(object):
    """
     The class provide base functionalities to shuffle the data to train a neural network

     **Parameters**

     data:
       Input data to be trainer

     labels:
       Labels. These labels should be set from 0..1

     input_shape:
       The shape of the inputs

     input_dtype:
       The type of the data,

     batch_size:
       Batch size

     seed:
       The seed of the random number generator

     normalizer:
       The algorithm used for feature scaling. Look :py:class:`bob.learn.tensorflow.datashuffler.ScaleFactor`

     prefetch:
        Do prefetch?

     prefetch_capacity:

    """

    def __init__(self, data, labels,
                 input_shape=[None, 28, 28, 1],
                 input_dtype="float32",
                 batch_size=32,
                 seed=10,
                 data_augmentation=None,
                 normalizer=Linear(),
                 prefetch=False,
                 prefetch_capacity=50,
                 prefetch_threads=5):

        # Setting the seed for the pseudo random number generator
        self.seed = seed
        numpy.random.seed(seed)

        self.normalizer = normalizer
        self.input_dtype = input_dtype

        # TODO: Check if the bacth size is higher than the input data
        self.batch_size = batch_size

        # Preparing the inputs
        self.data = data
        self.input_shape = tuple(input_shape)
        self.labels = labels
        self.possible_labels = list(set(self.labels)) if self.labels is not None else None

        # Setting the placeholders
        self.data_ph = None
        self.label_ph = None
        self.data_augmentation = data_augmentation

        # Prefetch variables
        self.prefetch = prefetch
        self.prefetch_capacity = prefetch_capacity
        self.prefetch_threads = prefetch_threads
        self.data_ph_from_queue = None
        self.label_ph_from_queue = None

    def create_placeholders(self):
        """
        Create place holder instances

        :return:
        """
        with tf.name_scope("Input"):
            self.data_ph = tf.placeholder(tf.float32, shape=self.input_shape, name="data")
            self.label_ph = tf.placeholder(tf.int64, shape=[None, ], name="label")

    def __call__(self, element, from_queue=False):
        """
        Return the necessary placeholder
        """
        if not element in ["data", "label"]:
            raise ValueError("Value '{0}' invalid. Options available are {1}".format(element, self.placeholder_options))

        # If None, create the placeholders from scratch
        if self.data_ph is None:
            self.create_placeholders()

        if element == "data":
            if from_queue:
                return self.data_ph_from_queue
            else:
                return self.data_ph
        else:
            if from_queue:
                return self.label_ph_from_queue
            else:
                return self.label_ph

    def normalize_sample(self, x):
        """
        Normalize the sample.
        """
        return self.normalizer(x)
