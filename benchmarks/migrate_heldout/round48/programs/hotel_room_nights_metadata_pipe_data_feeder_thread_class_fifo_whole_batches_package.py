"""Room-night revenue model: inputs come from hotel48_lib.feeder.DataFeeder (a tacotron-style feeder thread)."""
import os
import random

import numpy as np
import tensorflow as tf

from hotel48_lib import feeder as feeder_lib
from hotel48_lib.hparams import hparams, hparams_debug_string


def prepare_metadata(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    rng = random.Random(4802)
    lines = []
    for i in range(10):
        rates = np.round(np.array([rng.uniform(80, 200), rng.uniform(0, 30), rng.uniform(5, 15)]), 2)
        fname = 'rates-%03d.npy' % i
        np.save(os.path.join(out_dir, fname), rates)
        lines.append('G%04d|%d|%s' % (3100 + i, rng.randint(1, 9), fname))
    with open(os.path.join(out_dir, 'train.txt'), 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines) + '\n')
    return os.path.join(out_dir, 'train.txt')


def train(metadata_path):
    print(hparams_debug_string())
    coord = tf.compat.v1.train.Coordinator()
    with tf.compat.v1.variable_scope('datafeeder'):
        feeder = feeder_lib.DataFeeder(coord, metadata_path, hparams)
    total = tf.reduce_sum(feeder.rates, axis=1)

    results = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        feeder.start_in_session(sess)
        step = 0
        while not coord.should_stop():
            try:
                g, n, t = sess.run([feeder.guest_ids, feeder.nights, total])
            except tf.errors.OutOfRangeError:
                break
            step += 1
            results.append([[x.decode() for x in g], n.tolist(), np.round(t.astype(np.float64), 3).tolist()])
        coord.request_stop()
        feeder.join()
    return results, step


def main(data_dir):
    path = prepare_metadata(os.path.join(data_dir, 'h48_hotel_room_nights'))
    batches, steps = train(path)
    return {'batches': batches, 'end': 'steps: %d' % steps}
