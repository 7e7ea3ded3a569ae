"""Ski lift chair-ride logs: split file of CSV names -> filename queue -> shuffle_batch (package)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from ski51_lib import data_utils


def _write(root):
    rng = np.random.RandomState(51)
    lifts = ['gondola', 'sixpack', 'tbar']
    names = []
    row = 0
    for d in range(3):
        name = 'rides_day%d.csv' % d
        names.append(name)
        with open(os.path.join(root, name), 'w') as f:
            f.write('lift,chair,minute,riders,wind\n')
            for i in range(4):
                f.write('%s,%d,%d,%d,%.1f\n' % (lifts[row % 3], row + 1, 540 + 7 * row,
                                                rng.randint(0, 5), rng.uniform(0, 12)))
                row += 1
    with open(os.path.join(root, 'train_split.txt'), 'w') as f:
        f.write('\n'.join(names) + '\n')


def main(data_dir):
    root = os.path.join(data_dir, 'h51_ski_rides')
    if not os.path.isdir(root):
        os.makedirs(root)
    _write(root)

    filename_queue = data_utils.get_filename_queue(os.path.join(root, 'train_split.txt'), root,
                                                   num_epochs=1)
    inputs = data_utils.read_ride(filename_queue)
    batch = data_utils.create_batch(inputs, batch_size=4, min_queue_examples=4,
                                    num_preprocess_threads=2)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                lift, chair, minute, load, wind = sess.run(batch)
                batches.append([[x.decode() for x in lift], chair.tolist(), minute.tolist(),
                                np.round(load.astype(np.float64), 4).tolist(),
                                np.round(wind.astype(np.float64), 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rides: %d" % sum(len(b[0]) for b in batches)}
