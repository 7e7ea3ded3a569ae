import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

from tftrain45_lib.data_generator_padding import DataGeneratorPadding

ROASTERS = {'probat-l12': 0, 'diedrich-ir5': 1, 'giesen-w6a': 2}


class RoastLogDataset(object):
    """Iterates once over the roast logs of a folder (bean temperature every 30 s)."""
    def __init__(self, folder):
        self.files = sorted(f for f in os.listdir(folder) if f.endswith('.json'))
        self.folder = folder
        self.index = 0

    def get_next(self):
        if self.index >= len(self.files):
            return None
        with open(os.path.join(self.folder, self.files[self.index])) as f:
            log = json.load(f)
        self.index += 1
        curve = np.asarray(log['bean_temp'], dtype=np.float32)
        return {'curve': curve,
                'length': np.asarray(len(curve), dtype=np.int32),
                'roaster': np.asarray(ROASTERS[log['roaster']], dtype=np.int32),
                'development': np.asarray(log['development_pct'], dtype=np.float32)}


def write_logs(folder):
    rng = np.random.RandomState(4513)
    names = sorted(ROASTERS)
    for i in range(12):
        n = int(rng.randint(5, 10))
        curve = np.round(np.linspace(180, 200 + n * 2, n) + rng.normal(0, 1.5, n), 1)
        log = {'batch': 'roast-%03d' % i, 'roaster': names[i % 3],
               'bean_temp': curve.tolist(), 'development_pct': round(float(rng.uniform(15, 25)), 1)}
        with open(os.path.join(folder, 'roast-%03d.json' % i), 'w') as f:
            json.dump(log, f)


def main(data_dir):
    folder = os.path.join(data_dir, 'h45_roast_curves')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    write_logs(folder)

    coord = tf.train.Coordinator()
    dataset = RoastLogDataset(folder)
    data_names_and_shapes = [('curve', [None]), ('length', []), ('roaster', []), ('development', [])]
    data_types = {'length': tf.int32, 'roaster': tf.int32}
    generator = DataGeneratorPadding(dataset, coord, data_names_and_shapes, batch_size=3,
                                     data_types=data_types, queue_size=8, n_threads=1)
    curve, length, roaster, development = generator.dequeue()
    # rate of rise over the last minute of each (unpadded) curve
    idx = tf.stack([tf.range(tf.shape(curve)[0]), length - 1], axis=1)
    idx_before = tf.stack([tf.range(tf.shape(curve)[0]), length - 3], axis=1)
    ror = tf.gather_nd(curve, idx) - tf.gather_nd(curve, idx_before)

    sess = tf.Session()
    sess.run(tf.global_variables_initializer())
    generator.start_threads(sess)

    batches = []
    max_iter = 100
    for i in range(max_iter):
        try:
            c, l, r, d, rr = sess.run([curve, length, roaster, development, ror])
        except tf.errors.OutOfRangeError:
            break
        batches.append([np.round(c.astype(np.float64), 2).tolist(), l.tolist(), r.tolist(),
                        np.round(d.astype(np.float64), 2).tolist(), np.round(rr.astype(np.float64), 2).tolist()])
    coord.request_stop()
    coord.join(generator.threads)
    sess.close()
    return {'batches': batches, 'end': 'roasts: %d' % sum(len(b[1]) for b in batches)}
