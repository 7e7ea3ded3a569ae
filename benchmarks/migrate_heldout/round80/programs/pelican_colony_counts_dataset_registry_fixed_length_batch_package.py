"""Pelican colony counts from two fixed-length record files, read through a company-style registry
(``pelican80.datasets.get_input('pelican_counts', 'train', ...)``): one unshuffled producer, the source class's
``FixedLengthRecordReader`` and ``decode``, a one-thread dict ``train.batch`` until the epoch ends."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pelican80 import datasets


def _write(folder):
    rng = np.random.RandomState(61)
    colony = 0
    for name in ('counts_a.bin', 'counts_b.bin'):
        with open(os.path.join(folder, name), 'wb') as f:
            for _ in range(4):
                ints = np.array([colony, rng.randint(5, 400)], dtype=np.int32)
                floats = np.round(np.array([rng.uniform(-40, 40), rng.uniform(-120, 120)]), 3).astype(np.float32)
                f.write(ints.tobytes() + floats.tobytes())
                colony += 1


def main(data_dir):
    folder = os.path.join(data_dir, 'h80_pelican')
    os.makedirs(folder, exist_ok=True)
    _write(folder)
    batch = datasets.get_input('pelican_counts', 'train', folder, batch_size=4)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b = sess.run(batch)
                batches.append([b['colony'].tolist(), b['count'].tolist(), np.round(b['position'], 3).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "colonies: %d" % sum(len(b[0]) for b in batches)}
