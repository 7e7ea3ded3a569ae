"""
Data input pipeline definition.
"""
from __future__ import absolute_import
from __future__ import print_function
from __future__ import division

import numpy as np
import tensorflow.compat.v1 as tf

def generate_input_fn(filenames, batch_size, num_epochs=None, shuffle=False):
    """
    Define `_input_fn` to use with [`tf.contrib.learn.Experiment`](https://goo.gl/ttzJ9M).

    See [Building Input Functions with tf.contrib.learn](https://goo.gl/Thdr6r) for more info.
    """

    def _input_fn():
        # NOTE: always place the input pipeline on the CPU
        with tf.device('/cpu:0'):

            # wire sections: overhead gap (cm), speed (km/h), curve radius (m), ice (0/1), dewired (0/1)
            rows = np.concatenate([np.loadtxt(f, delimiter=',', ndmin=2) for f in filenames])
            dewiring_table = tf.constant(rows, dtype=tf.int32)

            all_inputs = dewiring_table[:, :4]
            all_labels = dewiring_table[:, 4]

            inputs, label = tf.train.slice_input_producer(
                tensor_list=[all_inputs, all_labels],
                num_epochs=num_epochs,
                shuffle=shuffle)

            inputs_batch, labels_batch = tf.train.batch(
                tensors=[inputs, label],
                batch_size=batch_size,
                allow_smaller_final_batch=True)

            inputs_batch = tf.to_float(inputs_batch)

            # NOTE: must be a dictionary for exporting
            features = {
                'inputs': inputs_batch
            }

            labels = {
                'label': labels_batch
            }

            return features, labels

    return _input_fn
