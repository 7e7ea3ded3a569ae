"""SDSS-like spectra written to two shards (`*-0000N-of-00002`), read by two TFRecordReaders on one file queue
and mixed by shuffle_batch_join."""
import os

import numpy as np
import tensorflow as tf

from sdss38_lib.records import real_spectra_to_tfrecord
from sdss38_lib.data import read_spectra_data

NPIX = 5
batch_size = 4


def main(data_dir):
    files_path = os.path.join(data_dir, 'h38_quasar_spectra')
    os.makedirs(files_path, exist_ok=True)
    rng = np.random.RandomState(38)
    table = []
    for i in range(12):
        flux = np.round(rng.uniform(-0.5, 9.0, size=NPIX), 2)
        if i % 5 == 0:
            flux[1] = np.nan
        table.append(('%d-%04d' % (4000 + i, i * 7), flux, round(float(rng.uniform(0.01, 3.5)), 3), i % 3))
    shards = real_spectra_to_tfrecord(os.path.join(files_path, 'spectra.tfrecord'), table, nshards=2)

    flux, z, label, objid = read_spectra_data(shards, NPIX, batch_size)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run([tf.compat.v1.global_variables_initializer(), tf.compat.v1.local_variables_initializer()])
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, zz, l, o = sess.run([flux, z, label, objid])
                batches.append([np.round(f.astype(np.float64), 4).tolist(), np.round(zz.astype(np.float64), 4).tolist(),
                                l.tolist(), [x.decode() for x in o]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "spectra: %d" % sum(len(b[3]) for b in batches)}
