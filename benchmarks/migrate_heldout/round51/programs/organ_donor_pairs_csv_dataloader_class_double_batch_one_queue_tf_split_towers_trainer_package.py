"""Kidney paired-donation offers: a DataLoader whose one queue yields num_gpu x batch_size rows,
split with tf.split inside Trainer.build_model into one tower per GPU (package)."""
import os

import numpy as np
import tensorflow as tf

from donor51_lib.data_loader import DataLoader, BLOOD_TYPES
from donor51_lib.trainer import Trainer

tf1 = tf.compat.v1

config = {'batch_size': 2, 'num_gpu': 2, 'num_epochs': 1}


def _write(root):
    rng = np.random.RandomState(17)
    d = os.path.join(root, 'train')
    if not os.path.isdir(d):
        os.makedirs(d)
    n = 0
    for part, rows in (('offers_a.csv', 8), ('offers_b.csv', 6)):
        with open(os.path.join(d, part), 'w') as f:
            f.write('pair_id,donor_abo,recip_abo,hla_mismatch,donor_age,recip_age,matched\n')
            for _ in range(rows):
                f.write('KP%03d,%s,%s,%d,%d,%d,%d\n' % (
                    n, BLOOD_TYPES[rng.randint(4)], BLOOD_TYPES[rng.randint(4)],
                    rng.randint(0, 7), rng.randint(20, 70), rng.randint(5, 75), rng.randint(2)))
                n += 1


def main(data_dir):
    root = os.path.join(data_dir, 'h51_donor_pairs')
    _write(root)
    loader = DataLoader(root, config['batch_size'], num_gpu=config['num_gpu'])
    trainer = Trainer(config, loader)
    sess_config = tf1.ConfigProto(allow_soft_placement=True)
    with tf1.Session(config=sess_config) as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        steps, out = trainer.train(sess)
        coord.request_stop()
        coord.join(threads)
    batches = [[[i.decode() for i in ids], np.round(x.astype(np.float64), 4).tolist(),
                np.round(loss.astype(np.float64), 4).tolist()] for ids, x, loss in out]
    return {"batches": batches,
            "end": "steps: %d, pairs: %d of %d" % (steps, sum(len(b[0]) for b in batches),
                                                   loader.n_examples)}
