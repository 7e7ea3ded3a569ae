"""River-gauge hydrographs (.npz per gauge) fed by a DataReader class: two feeder threads run an enqueue op
with placeholders into a PaddingFIFOQueue; the model side takes dequeue_up_to(4)."""
import os

import numpy as np
import tensorflow as tf

from gauge38_lib.data_reader import Config, DataReader


def make_gauges(out):
    rng = np.random.RandomState(38)
    names = []
    for g in range(12):
        stage = np.round(rng.uniform(0.4, 3.2, size=6), 2)
        discharge = np.round(stage ** 1.6 * 12.0, 2)
        name = 'gauge_%03d.npz' % g
        np.savez(os.path.join(out, name), data=np.stack([stage, discharge], axis=1),
                 flood=(stage > 2.5).astype(np.float32))
        names.append(name)
    with open(os.path.join(out, 'gauge_list.csv'), 'w') as f:
        f.write('fname\n' + '\n'.join(names) + '\n')


def main(data_dir):
    out = os.path.join(data_dir, 'h38_river_gauge')
    os.makedirs(out, exist_ok=True)
    make_gauges(out)

    coord = tf.compat.v1.train.Coordinator()
    with tf.compat.v1.name_scope('create_inputs'):
        data_reader = DataReader(gauge_dir=out, gauge_list=os.path.join(out, 'gauge_list.csv'),
                                 queue_size=Config.queue_size, coord=coord)
        batch = data_reader.dequeue(4)

    sess = tf.compat.v1.Session()
    sess.run(tf.compat.v1.global_variables_initializer())
    data_reader.start_threads(sess, n_threads=2)
    batches = []
    try:
        while True:
            X, Y, fname = sess.run(batch)
            batches.append([np.round(X.astype(np.float64), 4).tolist(), Y.astype(np.float64).tolist(),
                            [f.decode() for f in fname]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
    for t in data_reader.threads:
        t.join()
    sess.close()
    return {"batches": batches, "end": "hydrographs: %d" % sum(len(b[2]) for b in batches)}
