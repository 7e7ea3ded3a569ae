import numpy as np
import tensorflow.compat.v1 as tf

from ptb29_lib import reader


class SmallConfig(object):
    """Small config."""
    init_scale = 0.1
    num_steps = 3
    hidden_size = 4
    max_epoch = 1
    batch_size = 2
    vocab_size = 20


class PTBInput(object):
    """The input data."""

    def __init__(self, config, data, name=None):
        self.batch_size = batch_size = config.batch_size
        self.num_steps = num_steps = config.num_steps
        self.epoch_size = ((len(data) // batch_size) - 1) // num_steps
        self.input_data, self.targets = reader.ptb_producer(data, batch_size, num_steps, name=name)


class PTBModel(object):
    def __init__(self, is_training, config, input_):
        self._input = input_
        with tf.device("/cpu:0"):
            embedding = tf.get_variable("embedding", [config.vocab_size, config.hidden_size],
                                        initializer=tf.constant_initializer(
                                            np.arange(config.vocab_size * config.hidden_size).reshape(
                                                config.vocab_size, config.hidden_size) / 10.0))
            inputs = tf.nn.embedding_lookup(embedding, input_.input_data)
        self.token_sum = tf.reduce_sum(inputs, axis=[1, 2])

    @property
    def input(self):
        return self._input
