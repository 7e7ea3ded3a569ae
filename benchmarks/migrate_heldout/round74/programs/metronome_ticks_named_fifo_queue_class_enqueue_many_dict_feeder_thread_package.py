"""Metronome tick offsets: a student `Queue` class (a dict of one placeholder enqueued into a named
FIFOQueue by enqueue_many from one Python thread, `dequeue_many` read in a fixed loop)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from metronome74_queue.queue import Queue, tick_source


def main(data_dir):
    root = os.path.join(data_dir, "h74_metronome")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7403)
    path = os.path.join(root, "ticks.npy")
    np.save(path, rng.normal(0.0, 3.0, size=12).astype(np.float32))

    q = Queue(batch_size=3)
    batches = []
    with tf.Session() as sess:
        q.start(sess, tick_source(path, 3))
        for step in range(4):
            out = sess.run(q.batch)
            batches.append([np.round(out['data'], 4).tolist()])
        q.stop(sess)
    return {"batches": batches, "end": "ticks: %d" % (3 * len(batches))}
