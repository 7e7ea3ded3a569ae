"""Preloaded data in a classifier class: `Classification.create_batches` puts numpy arrays in constants
under `name_scope('input')` / `device('/cpu:0')`, re-binds `inputs, labels` to `slice_input_producer`'s
outputs and then to `batch`'s; parameters come from an argparse namespace. A Supervisor runs the loop
until the producer's epochs end.
"""

from __future__ import print_function

import argparse
import os

import numpy as np
import tensorflow.compat.v1 as tf


def create_parser():
    parser = argparse.ArgumentParser(description='classify table rows')
    parser.add_argument('--batch_size', type=int, default=8)
    parser.add_argument('--num_epochs', type=int, default=1)
    parser.add_argument('--num_threads', type=int, default=1)
    parser.add_argument('--train_file', default='table-0.csv')
    return parser


class Classification(object):
    """Classification of table features."""

    def __init__(self, args):
        self.args = args

    def load(self, data_dir):
        table = np.loadtxt(os.path.join(data_dir, self.args.train_file), delimiter=',', skiprows=1)
        train_data = table[:, :2].astype(np.float32)
        train_labels = table[:, 2].astype(np.int32)
        return train_data, train_labels

    def create_batches(self, train_data, train_labels):
        """Create batches of the training input/labels."""
        with tf.name_scope('input'):
            # Input data, pin to CPU because rest of pipeline is CPU-only
            with tf.device('/cpu:0'):
                inputs = tf.constant(train_data)
                labels = tf.constant(train_labels)

                inputs, labels = tf.train.slice_input_producer([inputs, labels],
                                                               num_epochs=self.args.num_epochs,
                                                               shuffle=False)
                inputs, labels = tf.train.batch([inputs, labels],
                                                batch_size=self.args.batch_size,
                                                num_threads=self.args.num_threads,
                                                allow_smaller_final_batch=True)

        return [inputs, labels]

    @staticmethod
    def make_layer(name, inputs, num_visible, num_hidden):
        with tf.variable_scope(name):
            weights = tf.get_variable('weights', [num_visible, num_hidden],
                                      initializer=tf.zeros_initializer())
            return tf.matmul(inputs, weights)

    def train(self, data_dir):
        train_data, train_labels = self.load(data_dir)
        inputs, labels = self.create_batches(train_data, train_labels)
        logits = self.make_layer('layer1', inputs, 2, 3)

        batches = []
        sv = tf.train.Supervisor(logdir=None, save_model_secs=0, save_summaries_secs=0)
        with sv.managed_session() as sess:
            while not sv.should_stop():
                x, y, _ = sess.run([inputs, labels, logits])
                batches.append([x.tolist(), y.tolist()])
        return batches


def main(data_dir):
    args = create_parser().parse_args([])
    model = Classification(args)
    batches = model.train(data_dir)
    return {"batches": batches, "end": "OutOfRangeError"}
