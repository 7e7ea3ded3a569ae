#!/usr/bin/env python
# coding=utf-8
# Pipe-band drone tuning logs. The trainer follows THUMT's `trainer.py`:
# a `distribute` module answers rank() / size() (one process when horovod is
# not enabled), the input shards the files by rank, hooks are gathered in a list.

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import collections
import os

import numpy as np
import tensorflow.compat.v1 as tf

import dist68_lib.distribute as distribute
import dist68_lib.record as record

Params = collections.namedtuple(
    "Params", ["batch_size", "train_epochs", "train_steps", "num_threads", "seed"])


def default_parameters():
    return Params(batch_size=4, train_epochs=1, train_steps=1000, num_threads=2,
                  seed=68)


def write_logs(folder):
    if not os.path.exists(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(2068)
    names = []
    row = 0
    for band in ["lowland", "highland"]:
        path = os.path.join(folder, "tuning-%s.csv" % band)
        with open(path, "w") as f:
            f.write("piper;drone;hz;cents\n")
            for _ in range(8):
                drone = ["bass", "tenor1", "tenor2"][row % 3]
                cents = int(rng.randint(-12, 13))
                base = 119.0 if drone == "bass" else 238.0
                f.write("%s-%02d;%s;%.2f;%d\n" % (band, row, drone,
                                                   base * 2 ** (cents / 1200.0), cents))
                row += 1
        names.append(path)
    return names


def main(data_dir):
    params = default_parameters()
    filenames = write_logs(os.path.join(data_dir, "h68_bagpipe"))

    features = record.get_training_input(filenames, params)
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.assign_add(global_step, 1)

    hooks = [tf.train.StopAtStepHook(last_step=params.train_steps)]
    broadcast_hook = distribute.get_broadcast_hook()
    if broadcast_hook:
        hooks.append(broadcast_hook)

    config = tf.ConfigProto(allow_soft_placement=True)
    if distribute.is_distributed_training_mode():
        config.gpu_options.visible_device_list = str(distribute.local_rank())

    keys = sorted(features)
    batches = []
    with tf.train.MonitoredTrainingSession(
            checkpoint_dir=None, hooks=hooks, config=config,
            save_checkpoint_secs=None, log_step_count_steps=None) as sess:
        while not sess.should_stop():
            values, _ = sess.run([features, train_op])
            batch = []
            for k in keys:
                v = values[k]
                if v.dtype == object:
                    v = np.array([s.decode("utf-8") for s in v])
                elif v.dtype == np.float32:
                    v = np.round(v, 2)
                batch.append(v.tolist())
            batches.append(batch)
    return {"batches": batches,
            "end": "drone readings: %d (rank %d of %d)" % (
                sum(len(b[0]) for b in batches), distribute.rank(), distribute.size())}
