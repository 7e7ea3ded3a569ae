"""CT volumes saved as .npy per case folder, normalised by a `DataManagerNii` (one module), their axial slices pushed
with `enqueue_many` from one feeder thread of a class (another module) into a FIFOQueue; `dequeue_many` batches."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from med30_lib import DataManagerNii, VolumeSliceFeeder

PARAMS = {"batch_size": 4, "depth": 4, "height": 3, "width": 3}


def write_cases(data_dir):
    src = os.path.join(data_dir, "h30_ct_volumes")
    rng = np.random.RandomState(314)
    for c in range(3):
        case = os.path.join(src, "case%02d" % c)
        os.makedirs(case, exist_ok=True)
        np.save(os.path.join(case, "img.npy"), rng.randint(-1000, 1000, (PARAMS["depth"], 3, 3)).astype(np.int16))
        np.save(os.path.join(case, "seg.npy"), rng.randint(0, 2, (PARAMS["depth"], 3, 3)).astype(np.uint8))
    return src


def main(data_dir):
    manager = DataManagerNii(write_cases(data_dir), PARAMS)
    manager.create_data_list()
    manager.load_numpy_data()
    feeder = VolumeSliceFeeder(manager, PARAMS["height"], PARAMS["width"])
    images, gts, index = feeder.dequeue(PARAMS["batch_size"])
    fg = tf.reduce_sum(gts, axis=[1, 2])
    batches = []
    sess = tf.Session()
    feeder.start(sess)
    try:
        while True:
            im, f, i = sess.run([images, fg, index])
            batches.append([np.round(im.sum(axis=(1, 2)), 3).tolist(), f.tolist(), i.tolist()])
    except tf.errors.OutOfRangeError:
        end = "all slices fed"
    feeder.join()
    sess.close()
    return {"batches": batches, "end": end}
