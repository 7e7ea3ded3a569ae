# -*- coding: utf-8 -*-
import tensorflow.compat.v1 as tf

from kayak65_lib import inputs


class BuildTrainModel(object):
    def __init__(self, filenames, batch_size):
        self.run_ids, self.features = inputs.gate_runs(filenames, batch_size)
        self.w = tf.get_variable("w", shape=[2], initializer=tf.constant_initializer([0.5, 0.5]))
        self.global_step = tf.train.get_or_create_global_step()
        score = tf.reduce_sum(self.features * self.w, axis=1)
        # a hand-made update so the numbers stay exact: nudge w towards the batch mean
        delta = 0.1 * (tf.reduce_mean(self.features, axis=0) - self.w)
        with tf.control_dependencies([score]):
            self.update = tf.group(self.w.assign_add(delta), self.global_step.assign_add(1))
        self.score = score
        self.saver = tf.train.Saver([self.w, self.global_step])

    def train(self, sess):
        ids, feats, score, _ = sess.run([self.run_ids, self.features, self.score, self.update])
        return ids, feats, score


class BuildEvalModel(object):
    def __init__(self, filenames, batch_size):
        self.run_ids, self.features = inputs.gate_runs(filenames, batch_size)
        self.w = tf.get_variable("w", shape=[2])
        self.global_step = tf.train.get_or_create_global_step()
        self.score = tf.reduce_sum(self.features * self.w, axis=1)
        self.saver = tf.train.Saver([self.w, self.global_step])

    def eval(self, sess):
        return sess.run([self.run_ids, self.score, self.global_step])
