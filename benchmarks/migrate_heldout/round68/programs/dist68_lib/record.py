# coding=utf-8
# Training input of the drone-tuning model: every worker reads its own shards.

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import tensorflow.compat.v1 as tf

import dist68_lib.distribute as distribute


def get_training_input(filenames, params):
    """ Get input for training stage

    :param filenames: A list of tuning-log shards
    :param params: Hyper-parameters

    :returns: A dictionary of pair <Key, Tensor>
    """

    with tf.device("/cpu:0"):
        # Every worker gets its part of the shards
        filenames = filenames[distribute.rank()::distribute.size()]
        filename_queue = tf.train.string_input_producer(
            filenames, num_epochs=params.train_epochs, shuffle=True,
            seed=params.seed)
        reader = tf.TextLineReader(skip_header_lines=1)
        _, line = reader.read(filename_queue)
        piper, drone, hz, cents = tf.decode_csv(
            line, record_defaults=[[""], [""], [0.0], [0]], field_delim=";")

        features = {
            "piper": piper,
            "drone": drone,
            "hz": hz,
            "cents": cents,
            "in_tune": tf.less(tf.abs(cents), 5)
        }

        features = tf.train.shuffle_batch(
            features,
            batch_size=params.batch_size,
            capacity=params.batch_size * 4,
            min_after_dequeue=params.batch_size,
            num_threads=params.num_threads,
            seed=params.seed)

        return features
