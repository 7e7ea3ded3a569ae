"""The padding feeder of `r43s_lib.padded`: the session is made by a holder object and reaches the feeder as
`holder.sess`; batches of padded curves and their lengths, read until OutOfRangeError."""
import json
import os

import numpy as np
import tensorflow as tf

from r43s_lib import padded


def write_curves(folder):
    rng = np.random.RandomState(4513)
    curves = []
    for i in range(8):
        n = int(rng.randint(3, 7))
        curves.append(np.round(180 + np.arange(n) * 2.5 + rng.normal(0, 1, n), 1).tolist())
    path = os.path.join(folder, 'curves.json')
    with open(path, 'w') as f:
        json.dump(curves, f)
    return path


def main(data_dir):
    folder = os.path.join(data_dir, 'r43s_curves')
    os.makedirs(folder, exist_ok=True)
    with open(write_curves(folder)) as f:
        curves = [np.asarray(c, dtype=np.float32) for c in json.load(f)]
    holder = padded.SessionHolder()
    feeder = padded.CurveFeeder(holder, curves)
    curve, length = feeder.dequeue()
    last = tf.gather_nd(curve, tf.stack([tf.range(tf.shape(curve)[0]), length - 1], axis=1))
    thread = feeder.start()
    batches = []
    while True:
        try:
            c, l, z = holder.sess.run([curve, length, last])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(c.astype(np.float64), 2).tolist(), l.tolist(),
                        np.round(z.astype(np.float64), 2).tolist()])
    thread.join()
    holder.sess.close()
    return {'batches': batches, 'end': 'OutOfRangeError'}
