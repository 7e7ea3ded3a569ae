import os
from collections import namedtuple

import numpy as np
import tensorflow.compat.v1 as tf

from clim58_lib.dataLoader import DataLoader
from clim58_lib.folderDefs import trainingDataDir

Config = namedtuple("Config", ["batch_size", "dataset", "n_threads", "epochs"])


def write_boreholes(folder):
    out = os.path.join(folder, trainingDataDir)
    if not os.path.exists(out):
        os.makedirs(out)
    rng = np.random.RandomState(5858)
    for b, site in enumerate(["tarfala", "janssonhaugen", "schilthorn"]):
        temps = np.round(rng.normal(-2.0 + b, 0.8, size=(8, 5)), 2).astype(np.float32)
        ids = np.arange(8, dtype=np.int32) + 100 * (b + 1)
        np.savez(os.path.join(out, site + ".npz"), T_ground=temps, profile_id=ids)


def main(data_dir):
    folder = os.path.join(data_dir, "h58_permafrost")
    write_boreholes(folder)
    config = Config(batch_size=4, dataset="T_ground", n_threads=2, epochs=1)

    loader = DataLoader(folder, config)
    loader.makeQueue()
    x, y = loader.inputs()
    warm = tf.reduce_mean(x, axis=1)

    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    loader.startThreads(sess, coord, config.n_threads)
    try:
        while True:
            xv, yv, wv = sess.run([x, y, warm])
            batches.append([np.round(xv, 4).tolist(), yv.tolist(), np.round(wv, 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(loader.threads)
    sess.close()
    return {"batches": batches, "end": "profiles: %d of %d" % (4 * len(batches), loader.Nsamples)}
