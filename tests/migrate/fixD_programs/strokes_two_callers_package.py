"""The package reader (`fixD_lib/strokes.py`) called twice: a training and an evaluation batch over two
folders of part files, read in step per folder."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from fixD_lib import strokes


def write_parts(folder, n_parts, rows, seed):
    rng = np.random.RandomState(seed)
    for kind in ('images', 'labels'):
        os.makedirs(os.path.join(folder, kind), exist_ok=True)
    k = 0
    for p in range(n_parts):
        with open(os.path.join(folder, 'images', 'part-%05d' % p), 'w') as fi, \
                open(os.path.join(folder, 'labels', 'part-%05d' % p), 'w') as fl:
            for _ in range(rows):
                fi.write(','.join(str(v) for v in rng.randint(0, 256, size=3)) + '\n')
                fl.write('%d,%d\n' % (k % 2, 1 - k % 2))
                k += 1


def main(data_dir):
    root = os.path.join(data_dir, 'fixD_strokes')
    write_parts(os.path.join(root, 'train'), 2, 4, 1)
    write_parts(os.path.join(root, 'eval'), 1, 4, 2)
    x, y = strokes.read_csv_examples(os.path.join(root, 'train', 'images'), os.path.join(root, 'train', 'labels'), 2)
    ex, ey = strokes.read_csv_examples(os.path.join(root, 'eval', 'images'), os.path.join(root, 'eval', 'labels'), 2,
                                       worker_num=1)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                xs, ys, exs, eys = sess.run([x, y, ex, ey])
                out.append([np.round(xs.astype(np.float64), 5).tolist(), ys.tolist(),
                            np.round(exs.astype(np.float64), 5).tolist(), eys.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': 'steps: %d' % len(out)}
