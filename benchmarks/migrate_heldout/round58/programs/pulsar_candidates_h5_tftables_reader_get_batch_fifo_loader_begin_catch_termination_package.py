"""Score pulsar candidates (HTRU-style folded-profile statistics) streamed out of an HDF5 file."""
import os

import h5py
import numpy as np
import tensorflow as tf

from tft58_lib import tftables


def write_candidates(path):
    rng = np.random.RandomState(1958)
    feats = np.round(rng.normal(0, 1, size=(12, 8)), 3).astype(np.float32)
    labels = (np.arange(12) % 3 == 0).astype(np.int64)
    with h5py.File(path, "w") as f:
        grp = f.create_group("candidates")
        grp.create_dataset("features", data=feats)
        grp.create_dataset("label", data=labels)


def main(data_dir):
    folder = os.path.join(data_dir, "h58_pulsar")
    if not os.path.exists(folder):
        os.makedirs(folder)
    h5_path = os.path.join(folder, "htru_like.h5")
    write_candidates(h5_path)

    reader = tftables.open_file(filename=h5_path, batch_size=4)

    # Accessing a single array
    # Suppose you only want to read a single array from your HDF5 file.
    feature_batch_placeholder = reader.get_batch(path='/candidates/features', cyclic=False, ordered=True)
    label_batch_placeholder = reader.get_batch(path='/candidates/label', cyclic=False, ordered=True)
    feature_batch = tf.cast(feature_batch_placeholder, tf.float32)

    loader = reader.get_fifoloader(queue_size=3, inputs=[feature_batch, label_batch_placeholder], threads=1)
    features, labels = loader.dequeue()

    w = tf.constant(np.linspace(-1, 1, 8).astype(np.float32))
    score = tf.reduce_sum(features * w, axis=1)

    out = []
    with tf.compat.v1.Session() as sess:
        with loader.begin(sess):
            with loader.catch_termination():
                while True:
                    f, l, s = sess.run([features, labels, score])
                    out.append([f.tolist(), l.tolist(), np.round(s, 4).tolist()])
    reader.close()
    return {"batches": out, "end": "candidates: %d" % (4 * len(out))}
