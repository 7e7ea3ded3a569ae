"""Energy-efficiency loads: energy34_lib's reader under a MonitoredTrainingSession stopped by a StopAtStepHook."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from energy34_lib.config import get_config
from energy34_lib import reader


def main(data_dir):
    config = get_config()
    path = os.path.join(data_dir, "h34_energy", config.data_file)
    reader.write_rows(path, 11)
    with tf.Graph().as_default():
        global_step = tf.train.get_or_create_global_step()
        features, loads = reader.get_batch(path, config)
        heating = loads[:, 0]
        step_op = tf.assign_add(global_step, 1)
        hooks = [tf.train.StopAtStepHook(last_step=config.max_steps)]
        batches = []
        with tf.train.MonitoredTrainingSession(checkpoint_dir=None, hooks=hooks, save_summaries_steps=None,
                                               save_checkpoint_secs=None, log_step_count_steps=None) as sess:
            while not sess.should_stop():
                f, h, _ = sess.run([features, heating, step_op])
                batches.append([np.round(f, 3).tolist(), np.round(h, 2).tolist()])
    return {"batches": batches, "end": "stopped at step %d" % len(batches)}
