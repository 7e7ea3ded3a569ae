"""A package's ``get_input_fn`` closure choosing ``shuffle_batch`` or ``batch`` (both ``enqueue_many=True`` with
``shapes=``) over windows cut from each record; called unshuffled: the batches in order."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from r44u_lib.records import write_runs
from r44u_lib.windows import get_input_fn


def main(data_dir):
    files = write_runs(os.path.join(data_dir, "r44u_windows_plain"))
    windows, runs = get_input_fn(files, 4, False, 2)()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                w, r = sess.run([windows, runs])
                batches.append([np.asarray(w).tolist(), r.tolist(), [list(windows.shape.as_list()[1:])]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows %d" % sum(len(b[1]) for b in batches)}
