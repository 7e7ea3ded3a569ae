"""Per-folder readers from another module; the loop adds a per-row step before the append."""
import os

import numpy as np
from tensorflow.compat.v1 import Session, errors, local_variables_initializer, train, cast, float32, constant

from fixa_lib.readers import folder_reader


def _write(root):
    for k, shed in enumerate(('north', 'south')):
        folder = os.path.join(root, shed)
        os.makedirs(folder, exist_ok=True)
        for i in range(3):
            with open(os.path.join(folder, 'load_%d.csv' % i), 'w') as f:
                f.write('%d,%.1f' % (100 * k + i, 1.5 * i + k))
        with open(os.path.join(folder, 'README'), 'w') as f:
            f.write('not a load\n')


def batches_of(root, batch_size):
    sheds = sorted(os.listdir(root))
    rows = []
    for index, shed in enumerate(sheds):
        ident, weight = folder_reader(os.path.join(root, shed), '.csv')
        weight = cast(weight, float32) * 2.0
        rows.append([ident, weight, constant(index)])
    return train.batch_join(rows, batch_size=batch_size, capacity=8)


def _shed_rows(root):
    """The list made here, returned alone; its caller joins it."""
    rows = []
    for index, shed in enumerate(sorted(os.listdir(root))):
        ident, weight = folder_reader(os.path.join(root, shed), '.csv')
        rows.append([ident + 1000 * index, weight])
    return rows


def shed_batches(root, batch_size):
    rows = _shed_rows(root)
    return train.shuffle_batch_join(rows, batch_size=batch_size, capacity=8, min_after_dequeue=2)


def main(data_dir):
    root = os.path.join(data_dir, 'fixa_loads')
    _write(root)
    ident, weight, shed = batches_of(root, 2)
    other_ident, other_weight = shed_batches(root, 3)
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, c = sess.run([ident, weight, shed])
                batches.append([a.tolist(), np.round(b, 4).tolist(), c.tolist()])
        except errors.OutOfRangeError:
            pass
        try:
            while True:
                a, b = sess.run([other_ident, other_weight])
                batches.append([a.tolist(), np.round(b, 4).tolist()])
        except errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "OutOfRangeError"}
