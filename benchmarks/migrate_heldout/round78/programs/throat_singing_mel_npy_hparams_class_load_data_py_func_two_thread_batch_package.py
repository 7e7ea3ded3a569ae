"""Throat-singing clips (khoomei / sygyt / kargyraa): a tacotron-style data_load module with a Hyperparams
class, metadata.csv with '|' fields, .npy spectrograms loaded by py_func from a shuffled slice producer,
two-thread train.batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from thr78.data_load import get_batch
from thr78.hparams import Hyperparams as hp


def make_clips(root):
    rng = np.random.RandomState(1178)
    os.makedirs(os.path.join(root, hp.feat_dir), exist_ok=True)
    lines = []
    for i in range(8):
        mel = np.round(rng.normal(size=(hp.n_frames, hp.n_mels)), 2).astype(np.float32)
        np.save(os.path.join(root, hp.feat_dir, 'clip%02d.npy' % i), mel)
        lines.append('clip%02d|%d\n' % (i, i % 3))
    with open(os.path.join(root, hp.meta), 'w') as f:
        f.writelines(lines)


class Graph:
    def __init__(self, data_dir):
        self.mels, self.peaks, self.styles, self.num_batch = get_batch(data_dir)
        self.energy = tf.reduce_sum(tf.square(self.mels), axis=[1, 2])


def main(data_dir):
    root = os.path.join(data_dir, 'h78_throat')
    make_clips(root)
    g = Graph(root)

    batches = []
    sv = tf.train.Supervisor(logdir=None, save_model_secs=0, save_summaries_secs=0)
    with sv.managed_session() as sess:
        for step in range(g.num_batch + 1):
            if sv.should_stop():
                break
            try:
                e, p, s = sess.run([g.energy, g.peaks, g.styles])
            except tf.errors.OutOfRangeError:
                break
            batches.append([np.round(e.astype(np.float64), 3).tolist(),
                            np.round(p.astype(np.float64), 2).tolist(), s.tolist()])
    return {"batches": batches, "end": "clips: %d" % sum(len(b[2]) for b in batches)}
