'''Sorting-machine ZIP reader: a DeepSpeech-style DataSet / ModelFeeder over a CSV manifest of crops.'''
from __future__ import absolute_import, division, print_function

import os

import numpy as np
import tensorflow as tf

from postal48_lib.feeding import DataSet, ModelFeeder

WIDTH = 6


def write_manifest(out_dir):
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    rng = np.random.RandomState(4806)
    lines = ['crop_filename,crop_filesize,zip_code,bin']
    for i in range(12):
        name = 'crop_%02d.npy' % i
        np.save(os.path.join(out_dir, name), rng.rand(WIDTH).round(3))
        lines.append('%s,%d,%05d,%d' % (name, 200 + int(rng.randint(0, 50)) * 4 + i, rng.randint(10000, 99999),
                                        rng.randint(1, 9)))
    with open(os.path.join(out_dir, 'sorter-train.csv'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return [os.path.join(out_dir, 'sorter-train.csv')]


def main(data_dir):
    train_csvs = write_manifest(os.path.join(data_dir, 'h48_postal_zip_crops'))
    train_set = DataSet(train_csvs, 4, limit=0, ascending=True)
    model_feeder = ModelFeeder(train_set, WIDTH, threads_per_queue=2)
    batch_x, batch_zip, batch_bin = model_feeder.next_batch()
    ink = tf.reduce_sum(batch_x, axis=1)

    batches = []
    coord = tf.compat.v1.train.Coordinator()
    with tf.compat.v1.Session() as session:
        feeder_threads = model_feeder.start_queue_threads(session, coord)
        for batch in range(train_set.total_batches + 1):
            try:
                x, z, b, s = session.run([batch_x, batch_zip, batch_bin, ink])
            except tf.errors.OutOfRangeError:
                break
            batches.append([x.astype(np.float64).round(4).tolist(), [v.decode() for v in z], b.tolist(),
                            s.astype(np.float64).round(4).tolist()])
        coord.request_stop()
        for t in feeder_threads:
            t.join()
    return {'batches': batches, 'end': 'pieces: %d' % sum(len(b[1]) for b in batches)}
