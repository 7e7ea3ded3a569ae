"""wine33_lib/: a FLAGS object, `read_my_file_format` (skip header, `;` delimiter) repeated per read thread,
train.batch_join of three readers over three glob-listed CSVs into a dict + label, run in a MonitoredTrainingSession
with a global-step counter until should_stop()."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from wine33_lib.data import write_wine
from wine33_lib.flags import FLAGS
from wine33_lib.wine_input import input_pipeline


def main(data_dir):
    folder = os.path.join(data_dir, "h33_wine")
    write_wine(folder)
    features, quality = input_pipeline(folder, FLAGS.batch_size, FLAGS.read_threads, FLAGS.num_epochs)
    good = tf.cast(quality >= 6, tf.int32)
    global_step = tf.train.get_or_create_global_step()
    step_op = tf.assign_add(global_step, 1)
    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           save_checkpoint_secs=None) as sess:
        while not sess.should_stop():
            f, q, g, _ = sess.run([features, quality, good, step_op])
            batches.append([np.round(f["features"], 2).tolist(), f["is_red"].tolist(), q.tolist(), g.tolist()])
    return {"batches": batches, "end": "monitored session stopped after %d steps" % len(batches)}
