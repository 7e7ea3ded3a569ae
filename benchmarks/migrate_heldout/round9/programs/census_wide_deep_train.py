"""wide_deep's shape: the training script imports the input module, builds input_fn with flags and runs a
MonitoredTrainingSession over the feature dict until the epochs end."""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow.compat.v1 as tf

from census_lib import census_input

parser = argparse.ArgumentParser()
parser.add_argument('--train_epochs', type=int, default=2)
parser.add_argument('--batch_size', type=int, default=32)
parser.add_argument('--train_data', type=str, default='table-*.csv')


def train_and_collect(flags, data_dir):
    data_files = sorted(tf.gfile.Glob(os.path.join(data_dir, flags.train_data)))
    features, labels = census_input.input_fn(data_files, flags.train_epochs, True, flags.batch_size)
    fetch = dict(features)
    fetch['label'] = labels
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as mon_sess:
        while not mon_sess.should_stop():
            out = mon_sess.run(fetch)
            batches.append({k: v.tolist() for k, v in out.items()})
    return batches


def main(data_dir):
    flags, _ = parser.parse_known_args([])
    batches = train_and_collect(flags, data_dir)
    return {"batches": batches, "end": "should_stop"}
