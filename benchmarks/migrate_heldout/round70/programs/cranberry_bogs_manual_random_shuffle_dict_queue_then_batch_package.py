"""Cranberry bog harvest rows: a dict of CSV columns through a hand-written `_shuffle` (named RandomShuffleQueue,
two copies of its enqueue op) and then a dict `train.batch` -- package."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from bogutil import reader


def main(data_dir):
    out = os.path.join(data_dir, 'h70_cranberry')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(17)
    files = []
    for part in range(2):
        path = os.path.join(out, 'harvest-%d.csv' % part)
        with open(path, 'w') as f:
            for i in range(6):
                f.write('B%02d,%.1f,%.2f,%d\n' % (part * 6 + i, 100 + rng.rand() * 50, 7 + rng.rand(), rng.randint(3)))
        files.append(path)

    batch = reader.read_bog_rows(files, batch_size=4, num_epochs=1)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b = sess.run(batch)
                batches.append([[x.decode() for x in b['bog']], np.round(b['yield_kg'], 1).tolist(),
                                np.round(b['brix'], 2).tolist(), b['variety'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "bogs: %d" % sum(len(b[0]) for b in batches)}
