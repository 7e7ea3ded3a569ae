# -*- coding: utf-8 -*-
# File: train.py
import collections

import tensorflow.compat.v1 as tf

InputVar = collections.namedtuple('InputVar', ['type', 'shape', 'name'])


class ModelDesc(object):
    """ Base class for a model description """

    def get_input_vars(self):
        if not hasattr(self, 'reuse_input_vars'):
            self.reuse_input_vars = [tf.placeholder(v.type, shape=v.shape, name=v.name)
                                     for v in self._get_input_vars()]
        return self.reuse_input_vars

    def build_graph(self, input_vars):
        self._build_graph(input_vars)


class TrainConfig(object):
    def __init__(self, **kwargs):
        self.dataflow = kwargs.pop('dataflow')
        self.model = kwargs.pop('model')
        self.callbacks = kwargs.pop('callbacks', [])
        self.max_steps = kwargs.pop('max_steps', 10)


class SimpleQueueTrainer(object):
    """ Single-tower trainer reading its inputs from a QueueInput. """

    def __init__(self, config, input_data):
        self.config = config
        self.model = config.model
        self.input_data = input_data
        self.sess = tf.Session()
        self.coord = tf.train.Coordinator()

    def setup(self):
        self.input_data._setup(self)
        self.input_vars = self.input_data.get_input_tensors()
        self.model.build_graph(self.input_vars)

    def train(self):
        self.setup()
        self.sess.run(tf.global_variables_initializer())
        for cb in self.config.callbacks:
            cb.before_train(self)
        self.outputs = []
        try:
            for step in range(self.config.max_steps):
                self.outputs.append(self.run_step())
        finally:
            self.coord.request_stop()
            for cb in self.config.callbacks:
                cb.after_train(self)
            self.sess.close()
        return self.outputs

    def run_step(self):
        return self.sess.run([self.model.train_op] + list(self.input_vars))[1:]
