# Canoe slalom heats: a shuffled two-thread batch read in a MonitoredTrainingSession.
# From tensorflow/tensorflow issue #11438 ("Switching Session to MonitoredTrainingSession Produces
# Negative Dimension Tensors from Queues"): mrry's answer, never call start_queue_runners(sess) on
# a MonitoredSession; it starts the runners itself.  The asker's call was removed.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from slalom62_lib import inputs, records


def main(data_dir):
    folder = os.path.join(data_dir, "h62_canoe_slalom")
    os.makedirs(folder, exist_ok=True)
    files = records.write_runs(folder)

    global_step = tf.train.get_or_create_global_step()
    bibs, totals, touches = inputs.inputs(files, batch_size=4)
    mean_total = tf.reduce_mean(totals)
    train_op = tf.assign_add(global_step, 1)

    batches = []
    with tf.train.MonitoredTrainingSession(checkpoint_dir=None, save_summaries_steps=None,
                                           log_step_count_steps=None) as sess:
        # tf.train.start_queue_runners(sess=sess)   <- removed, as the answer says
        while not sess.should_stop():
            b, t, g, _ = sess.run([bibs, totals, touches, train_op])
            batches.append([b.tolist(), np.round(t, 2).tolist(), g.tolist()])
    return {"batches": batches, "end": "runs: %d" % sum(len(b[0]) for b in batches)}
