import os

import numpy as np
import tensorflow as tf

from plan55_lib.sg_data import StarCatalogue


def main(data_dir):
    out = os.path.join(data_dir, 'h55_star_catalogue')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    np.savez(os.path.join(out, 'stars.npz'),
             train_coords=np.round(rng.uniform(-90, 90, size=(16, 2)), 2).astype(np.float32),
             train_mag=np.round(rng.uniform(-1.5, 6.5, size=16), 2).astype(np.float32),
             train_hip=np.arange(1000, 1016, dtype=np.int64),
             valid_coords=np.zeros((2, 2), np.float32))

    data = StarCatalogue(batch_size=4, data_dir=out)
    visible = tf.less(data.train.magnitude, 4.0)
    batches = []
    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.group(tf.compat.v1.global_variables_initializer(),
                                tf.compat.v1.local_variables_initializer()))
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    for epoch in range(1):
        for step in range(data.train.num_batch):
            c, m, h, v = sess.run([data.train.coords, data.train.magnitude, data.train.hip, visible])
            batches.append([c.astype(np.float64).round(2).tolist(), m.astype(np.float64).round(2).tolist(),
                            h.tolist(), v.tolist()])
    coord.request_stop()
    coord.join(threads, stop_grace_period_secs=5)
    sess.close()
    return {"batches": batches, "end": "stars: %d" % sum(len(b[2]) for b in batches)}
