# Pinwheel anemometer logs: site, rotor RPM and reference wind speed, tab-separated, one file per day.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pinwheel76.trainer import Trainer


def main(data_dir):
    out = os.path.join(data_dir, 'h76_pinwheel')
    if not os.path.isdir(out):
        os.makedirs(out)
    rng = np.random.RandomState(8)
    files = []
    for day in range(3):
        path = os.path.join(out, 'day%d.tsv' % day)
        with open(path, 'w') as f:
            for i in range(4):
                f.write('site%d\t%d\t%.1f\n' % (i, rng.randint(50, 400), rng.rand() * 12))
        files.append(path)
    trainer = Trainer(files, batch_size=4)
    with tf.Session() as sess:
        history = trainer.train(sess, max_steps=10)
    batches = [[h[0], np.round(h[1], 1).tolist(), np.round(h[2], 2).tolist()] for h in history]
    return {"batches": batches, "end": "readings: %d" % sum(len(b[0]) for b in batches)}
