#!/usr/bin/env python3
import os

import numpy as np
import tensorflow as tf

from sugar54_lib.flags import *
from sugar54_lib.LoggerHook import *
from sugar54_lib import refinery_input

string_flag("output_dir", None,
            """Directory to save logs and learned parameters.""")
int_flag("max_steps", None,
         """Number of training batches.""")
int_flag('num_epochs', 1,
         """Number of repeated exposures to input data.""")
bool_flag('log_device_placement', False,
          """Whether to log device placement.""")


def _write_shifts(out):
    rng = np.random.RandomState(5400)
    k = 0
    for shift, n in [(1, 4), (2, 3), (3, 3)]:
        with open(os.path.join(out, "shift_%d.csv" % shift), "w") as f:
            f.write("pan,brix,pol,shift\n")
            for i in range(n):
                brix = 60 + rng.randint(0, 200) / 10.0
                pol = brix - rng.randint(5, 40) / 10.0
                f.write("pan%02d,%.1f,%.1f,%d\n" % (k, brix, pol, shift))
                k += 1


def train():
    global_step = tf.compat.v1.train.get_or_create_global_step()
    pan, brix, purity, shift = refinery_input.inputs(num_epochs=FLAGS.num_epochs)
    mean_purity = tf.reduce_mean(purity)
    train_op = tf.compat.v1.assign_add(global_step, 1)
    logger = LoggerHook([pan, brix, purity, shift, mean_purity])
    with tf.compat.v1.train.MonitoredTrainingSession(
            checkpoint_dir=FLAGS.output_dir,
            hooks=[logger],
            save_checkpoint_secs=None,
            save_summaries_steps=None,
            config=tf.compat.v1.ConfigProto(
                log_device_placement=FLAGS.log_device_placement)) as mon_sess:
        while not mon_sess.should_stop():
            mon_sess.run(train_op)
    return logger.logged


def main(data_dir):
    out = os.path.join(data_dir, "h54_brix_readings")
    if not os.path.exists(out):
        os.makedirs(out)
    _write_shifts(out)
    FLAGS.data_dir = out
    logged = train()
    batches = []
    for p, b, pu, s, m in logged:
        batches.append([[x.decode() for x in p], np.round(b.astype(np.float64), 4).tolist(),
                        np.round(pu.astype(np.float64), 4).tolist(), s.tolist()])
    return {"batches": batches, "end": "pan readings: %d" % sum(len(b[0]) for b in batches)}
