"""The trajectory buffer of a package module (`shared_name=` on its queue), built once by this program, one
in-process session; the learner dequeues many until the feeder's close ends the data (`OutOfRangeError`)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fixa2_lib.trajectories import TrajectoryBuffer

UNROLL = 3


def main(data_dir):
    path = os.path.join(data_dir, 'fixa2_class_shared_package.csv')
    rng = np.random.RandomState(58)
    rows = [[round(float(rng.uniform(0.1, 0.3)), 3), i % 2, rng.randint(0, 6)] for i in range(8 * UNROLL)]
    np.savetxt(path, np.array(rows), delimiter=',', fmt='%.3f')
    buf = TrajectoryBuffer(UNROLL, np.loadtxt(path, delimiter=',', ndmin=2).tolist())
    states, actions = buf.sample(2)
    gaps = tf.reduce_sum(states[:, :, 0], axis=1)
    out = []
    sess = tf.Session()
    t = buf.start(sess)
    try:
        while True:
            s, a, g = sess.run([states, actions, gaps])
            out.append([np.round(s.astype(np.float64), 5).tolist(), a.tolist(), np.round(g, 4).tolist()])
    except tf.errors.OutOfRangeError:
        pass
    t.join()
    sess.close()
    return {'batches': out, 'end': 'trajectories: %d' % sum(len(b[1]) for b in out)}
