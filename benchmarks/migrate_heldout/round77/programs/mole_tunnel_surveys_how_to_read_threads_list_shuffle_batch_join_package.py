"""Mole tunnel surveys (survey id, depth, length, side branches, active flag) from two field CSVs through the
reading-data how-to's several-readers form (`mole77.reader`), with the how-to's training loop (`sess.run` of the
local-variables initializer for the epoch counter, `try: while not coord.should_stop()` / `except
OutOfRangeError: print('Done training -- epoch limit reached')` / `finally: coord.request_stop()`)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from mole77 import reader


def write_surveys(folder):
    rng = np.random.RandomState(7715)
    files = []
    for field in ('north_meadow', 'orchard'):
        path = os.path.join(folder, '%s.csv' % field)
        with open(path, 'w') as f:
            for i in range(6):
                f.write('%s_%d,%.1f,%.1f,%d,%d\n' % (field[:2], i, rng.uniform(5, 25), rng.uniform(1, 40),
                                                     rng.randint(0, 5), rng.randint(0, 2)))
        files.append(path)
    return files


def main(data_dir):
    folder = os.path.join(data_dir, 'h77_mole')
    os.makedirs(folder, exist_ok=True)
    filenames = write_surveys(folder)

    survey, example, branches, active = reader.input_pipeline(filenames, batch_size=4, read_threads=2,
                                                              num_epochs=1)
    batches = []
    sess = tf.Session()
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            s, e, b, a = sess.run([survey, example, branches, active])
            batches.append([[x.decode() for x in s], np.round(e, 1).tolist(), b.tolist(), a.tolist()])
    except tf.errors.OutOfRangeError:
        print('Done training -- epoch limit reached')
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': 'tunnels: %d' % sum(len(b[0]) for b in batches)}
