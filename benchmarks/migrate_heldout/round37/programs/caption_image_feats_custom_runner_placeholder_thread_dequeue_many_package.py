"""Image-caption features fed by a CustomRunner class (placeholders -> FIFOQueue from a Python thread)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from cap37_lib.custom_runner import CustomRunner
from cap37_lib import features


def main(data_dir):
    folder = os.path.join(data_dir, "h37_captions")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "coco_like_feats.npz")
    features.write_features(path)

    custom_runner = CustomRunner(4, 5, 3, features.iterate(path))
    im_feats, captions, flags = custom_runner.get_inputs()

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    feeders = custom_runner.start_threads(sess)
    batches = []
    try:
        while True:
            f, c, g = sess.run([im_feats, captions, flags])
            batches.append([np.round(f.astype(np.float64), 4).tolist(), c.tolist(), g.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    for t in feeders:
        t.join()
    sess.close()
    return {"batches": batches, "end": "images: %d" % sum(len(b[2]) for b in batches)}
