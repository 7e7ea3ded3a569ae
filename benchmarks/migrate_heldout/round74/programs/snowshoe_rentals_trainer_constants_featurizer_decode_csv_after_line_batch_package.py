"""Snowshoe rentals: a Cloud ML-style `trainer` split into `constants`, `featurizer` and `inputs`
(`_decode_csv(line)` expanding a batch of lines to rank 2 and dropping columns the featurizer does not
use), here batching raw lines with `train.batch` before decoding them (EVAL mode)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from snowshoe74_trainer import inputs
from snowshoe74_trainer.mode_keys import ModeKeys


def write_csv(data_dir):
    root = os.path.join(data_dir, "h74_snowshoe")
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(7410)
    path = os.path.join(root, "eval.csv")
    with open(path, "w") as f:
        for i in range(9):
            f.write("T%d,%s,%.2f,%.1f,%d\n" % (i, "SML"[i % 3], rng.uniform(1, 3), rng.uniform(10, 120),
                                               rng.randint(1, 8)))
    return path


def main(data_dir):
    input_fn = inputs.generate_input_fn([write_csv(data_dir)], ModeKeys.EVAL, num_epochs=1,
                                        batch_size=3)
    features, target = input_fn()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, t = sess.run([features, target])
                batches.append([[s.decode() for s in f['size'][:, 0]], np.round(f['weight_kg'][:, 0], 3).tolist(),
                                np.round(f['snow_cm'][:, 0], 2).tolist(), t[:, 0].tolist(), sorted(f)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rentals: %d" % sum(len(b[3]) for b in batches)}
