"""The loader of `fixE_lib` (a package module), two threads; `import tensorflow.compat.v1 as tf`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fixE_lib.borehole_loader import BoreholeLoader


def main(data_dir):
    folder = os.path.join(data_dir, 'fixE_boreholes')
    os.makedirs(folder, exist_ok=True)
    for b in range(3):
        temps = (np.arange(24, dtype=np.float32).reshape(6, 4) + 100 * b)
        np.savez(os.path.join(folder, 'site%d.npz' % b), temps=temps, ids=np.arange(6, dtype=np.int32) + 10 * b)
    loader = BoreholeLoader(folder, 3)
    loader.makeQueue()
    x, y = loader.inputs()
    mean = tf.reduce_mean(x, axis=1)
    batches = []
    sess = tf.Session()
    coord = tf.train.Coordinator()
    loader.startThreads(sess, coord, 2)
    try:
        while True:
            xv, yv, mv = sess.run([x, y, mean])
            batches.append([xv.tolist(), yv.tolist(), mv.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(loader.threads)
    sess.close()
    return {'batches': batches, 'end': 'rows: %d' % (3 * len(batches))}
