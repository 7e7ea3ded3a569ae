"""Parsnip root-probe signals (gzip text: samples, then one base label per `ratio` samples) from a company-style
basecaller feeder: `InputFeederCfg(NamedTuple)` with a `schema` classmethod, a module-level `_feeder_main`
run by `threading.Thread`, chunks of `seq_length` enqueued one by one, `dequeue_up_to(batch_size)`."""
import gzip
import os

import numpy as np
import tensorflow.compat.v1 as tf

from parsnip75.input_feeder import InputFeederCfg, InputFeeder


def main(data_dir):
    root = os.path.join(data_dir, 'h75_parsnip')
    os.makedirs(root, exist_ok=True)
    rng = np.random.RandomState(64)
    files = []
    for i, n in enumerate((12, 2, 8)):
        path = os.path.join(root, 'probe_%d.txt.gz' % i)
        with gzip.open(path, 'wt') as f:
            f.write(' '.join('%.2f' % v for v in rng.uniform(-1, 1, n)) + '\n')
            f.write(' '.join(str(v) for v in rng.randint(0, 4, n // 2)) + '\n')
        files.append(path)
    cfg = InputFeederCfg.schema({'batch_size': 3, 'seq_length': 4, 'ratio': 2, 'surrogate_base_pair': False})

    batches = []
    coord = tf.train.Coordinator()
    with tf.Session() as sess:
        feeder = InputFeeder(sess, coord, files, cfg)
        feeder.start()
        try:
            while not coord.should_stop():
                x, y = sess.run([feeder.batch_x, feeder.batch_y])
                batches.append([np.round(x, 2).tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        feeder.thread.join()
    return {"batches": batches, "end": "chunks: %d" % sum(len(b[0]) for b in batches)}
