# Wind-tunnel pressure probes from two runs, each run fed by its own Python thread into a
# RandomShuffleQueue; the trainer dequeues a known number of batches, then stops the threads and
# closes the queue with cancel_pending_enqueues=True (tensorflow/tensorflow issue #4246).
import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf

from tunnel62_lib import rig
from tunnel62_lib.loader import ProbeLoader

BATCH = 4


def main(data_dir):
    folder = os.path.join(data_dir, "h62_wind_tunnel")
    os.makedirs(folder, exist_ok=True)
    paths = rig.write_runs(folder)
    runs = [rig.load_run(p) for p in paths]
    total = sum(len(r[1]) for r in runs)

    loader = ProbeLoader()
    probes, probe_ids = loader.dequeue(BATCH)
    cp = tf.reduce_mean(probes, axis=1)

    sess = tf.Session()
    coord = tf.train.Coordinator()
    threads = [threading.Thread(target=loader.load_and_enqueue, args=(sess, coord, x, y)) for x, y in runs]
    for t in threads:
        t.start()
    batches = []
    for step in range(total // BATCH):
        p, i, c = sess.run([probes, probe_ids, cp])
        batches.append([np.round(p, 3).tolist(), i.tolist(), np.round(c, 4).tolist()])
    coord.request_stop()
    sess.run(loader.close_op)
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "probes: %d" % sum(len(b[1]) for b in batches)}
