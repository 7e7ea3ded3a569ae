"""cifar10_train style: FLAGS as a namespace, inputs from a helper module, a MonitoredTrainingSession with a
logger hook that fetches the batch, looping until should_stop."""

import argparse
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cifarin_lib import inputs  # noqa: E402

FLAGS = argparse.Namespace(batch_size=12, num_epochs=1, num_preprocess_threads=2, min_fraction=0.2,
                           log_frequency=5)


class _LoggerHook(tf.train.SessionRunHook):
    """Collects every batch the training loop runs."""

    def __init__(self, fetches):
        self._fetches = fetches
        self.seen = []

    def begin(self):
        self._step = -1

    def before_run(self, run_context):
        self._step += 1
        return tf.train.SessionRunArgs(self._fetches)

    def after_run(self, run_context, run_values):
        features, labels = run_values.results
        self.seen.append([features.tolist(), labels.tolist()])


def train(data_dir):
    with tf.Graph().as_default():
        features, labels = inputs.distorted_inputs(data_dir, FLAGS.batch_size, num_epochs=FLAGS.num_epochs,
                                                   num_threads=FLAGS.num_preprocess_threads,
                                                   min_fraction=FLAGS.min_fraction)
        total = tf.reduce_sum(features)
        logger = _LoggerHook([features, labels])
        with tf.train.MonitoredTrainingSession(hooks=[logger]) as mon_sess:
            while not mon_sess.should_stop():
                mon_sess.run(total)
    return logger.seen


def main(data_dir):
    return {'batches': train(data_dir), 'end': 'should_stop'}
