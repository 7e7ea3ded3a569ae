"""Hula-hoop spin sessions: a framework helper `generator_input(gen_fn, dtypes, shapes, batch_size,
chunk_size)` pulling chunks from a Python generator through a stateful `tf.py_func` into
`train.batch(enqueue_many=True)` on one thread; the generator's StopIteration ends the epoch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from hula74_feed.generator_input import generator_input


def write_sessions(data_dir):
    root = os.path.join(data_dir, "h74_hula")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7412)
    path = os.path.join(root, "spins.npz")
    np.savez(path, rpm=rng.uniform(60, 140, size=(8, 3)).astype(np.float32),
             drops=rng.randint(0, 4, size=8).astype(np.int32))
    return path


def main(data_dir):
    path = write_sessions(data_dir)

    def gen_fn():
        arrays = np.load(path)
        rpm, drops = arrays['rpm'], arrays['drops']
        for start in range(0, len(drops), 2):
            yield rpm[start:start + 2], drops[start:start + 2]

    rpm_batch, drop_batch = generator_input(gen_fn, [tf.float32, tf.int32], [[3], []], batch_size=4, chunk_size=2)
    batches = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r, d = sess.run([rpm_batch, drop_batch])
                batches.append([np.round(r, 3).tolist(), d.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "spin sessions: %d" % sum(len(b[1]) for b in batches)}
