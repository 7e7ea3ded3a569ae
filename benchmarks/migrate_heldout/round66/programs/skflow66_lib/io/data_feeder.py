#  Copyright 2015-present Scikit Flow Authors. All Rights Reserved. (Layout of tensorflow/skflow's io/data_feeder.py,
#  rewritten by the writer.)
"""Implementations of different data feeders to provide data for TF trainer."""

from __future__ import division, print_function, absolute_import

import numpy as np
import tensorflow.compat.v1 as tf


def _get_in_out_shape(x_shape, y_shape, n_classes, batch_size):
    """Returns shape for input and output of the data feeder."""
    x_shape = list(x_shape[1:]) if len(x_shape) > 1 else [1]
    input_shape = [batch_size] + x_shape
    y_shape = list(y_shape[1:]) if len(y_shape) > 1 else []
    # Skip first dimention if it is 1.
    if y_shape and y_shape[0] == 1:
        y_shape = y_shape[1:]
    if n_classes > 1:
        output_shape = [batch_size] + y_shape + [n_classes]
    else:
        output_shape = [batch_size] + y_shape
    return input_shape, output_shape


class DataFeeder(object):
    """Data feeder is an example class to sample data for TF trainer.

    Parameters:
        X: feature Nd numpy matrix of shape [n_samples, n_features, ...].
        y: target vector, either floats for regression or class id for
            classification.
        n_classes: number of classes, 0 and 1 are considered regression.
        batch_size: mini batch size to accumulate.
        random_state: numpy RandomState object to reproduce sampling.

    Attributes:
        X: input features.
        y: input target.
        n_classes: number of classes.
        batch_size: mini batch size to accumulate.
        input_shape: shape of the input.
        output_shape: shape of the output.
        input_dtype: dtype of input.
        output_dtype: dtype of output.
    """
    def __init__(self, X, y, n_classes, batch_size, random_state=None):
        x_dtype = np.int64 if X.dtype == np.int64 else np.float32
        y_dtype = np.int64 if n_classes > 1 else np.float32
        self.X = np.asarray(X, dtype=x_dtype)
        self.y = np.asarray(y, dtype=y_dtype)
        self.n_classes = n_classes
        self.batch_size = batch_size
        self.input_shape, self.output_shape = _get_in_out_shape(
            self.X.shape, self.y.shape, n_classes, batch_size)
        self.input_dtype, self.output_dtype = self.X.dtype, self.y.dtype
        self.random_state = np.random.RandomState(42) if random_state is None else random_state
        self.indices = self.random_state.permutation(self.X.shape[0])
        self.offset = 0
        self.epoch = 0

    def input_builder(self):
        """Builds inputs in the graph.

        Returns:
            Two placeholders for inputs and outputs.
        """
        input_shape = [None] + self.input_shape[1:]
        self._input_placeholder = tf.placeholder(tf.as_dtype(self.input_dtype), input_shape,
            name='input')
        output_shape = [None] + self.output_shape[1:]
        self._output_placeholder = tf.placeholder(tf.as_dtype(self.output_dtype), output_shape,
            name='output')
        return self._input_placeholder, self._output_placeholder

    def get_feed_dict_fn(self):
        """Returns a function, that will sample data and provide it to given
        placeholders.

        Returns:
            A function that when called samples a random subset of batch size
            from X and y.
        """
        def _feed_dict_fn():
            # take random indices
            batch_indices = self.indices[self.offset: self.offset+self.batch_size]

            # assign input features from random indices
            inp = np.array(self.X[batch_indices]).reshape((batch_indices.shape[0], 1)) \
                if len(self.X.shape) == 1 else self.X[batch_indices]

            # assign labels from random indices
            self.output_shape[0] = batch_indices.shape[0]
            out = np.zeros(self.output_shape, dtype=self.output_dtype)
            for i in range(out.shape[0]):
                sample = batch_indices[i]
                if self.n_classes > 1:
                    if len(self.output_shape) == 2:
                        out[i, self.y[sample]] = 1.0  # ndarray.itemset is gone from NumPy 2
                    else:
                        for idx, value in enumerate(self.y[sample]):
                            out[tuple([i, idx, value])] = 1.0
                else:
                    out[i] = self.y[sample]

            # move offset and reset it if necessary
            self.offset += self.batch_size
            if self.offset >= self.X.shape[0]:
                self.indices = self.random_state.permutation(self.X.shape[0])
                self.offset = 0
                self.epoch += 1

            return {self._input_placeholder.name: inp, self._output_placeholder.name: out}
        return _feed_dict_fn
