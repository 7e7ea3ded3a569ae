#!/usr/bin/env python
# -*- coding: utf-8 -*-
# File: train.py  -- TrainConfig and a small feed-free trainer

import tensorflow.compat.v1 as tf

__all__ = ['TrainConfig', 'SimpleTrainer', 'StartQueueRunners']


class StartQueueRunners(object):
    """ callback: start the queue runners of the graph before training """

    def before_train(self, trainer):
        trainer.coord = tf.train.Coordinator()
        trainer.threads = tf.train.start_queue_runners(sess=trainer.sess, coord=trainer.coord)

    def after_train(self, trainer):
        trainer.coord.request_stop()
        trainer.coord.join(trainer.threads)


class TrainConfig(object):
    def __init__(self, model=None, data=None, callbacks=None, steps_per_epoch=None,
                 starting_epoch=1, max_epoch=99999):
        self.model = model
        self.data = data
        self.callbacks = callbacks or []
        if steps_per_epoch is None:
            steps_per_epoch = data.size()
        self.steps_per_epoch = int(steps_per_epoch)
        self.starting_epoch = int(starting_epoch)
        self.max_epoch = int(max_epoch)


class SimpleTrainer(object):
    def __init__(self, config):
        self.config = config
        self.model = config.model
        self.monitors = []

    def setup(self):
        cbs = self.config.data.setup(self.model.get_inputs_desc())
        self.config.callbacks = list(cbs) + self.config.callbacks
        inputs = self.config.data.get_input_tensors()
        self.model.build_graph(inputs)
        self.global_step = tf.train.get_or_create_global_step()
        self.train_op = tf.group(self.model.train_op, tf.assign_add(self.global_step, 1))

    def run_step(self):
        _, fetched = self.sess.run([self.train_op, self.model.fetches])
        self.monitors.append(fetched)

    def train(self):
        self.setup()
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())
        for cb in self.config.callbacks:
            cb.before_train(self)
        try:
            for self.epoch_num in range(self.config.starting_epoch, self.config.max_epoch + 1):
                for self.local_step in range(self.config.steps_per_epoch):
                    self.run_step()
        finally:
            for cb in self.config.callbacks:
                cb.after_train(self)
        self.final_step = self.sess.run(self.global_step)
        self.sess.close()
