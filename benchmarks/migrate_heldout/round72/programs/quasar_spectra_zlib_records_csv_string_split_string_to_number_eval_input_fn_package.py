"""Quasar spectra: competition code (a `*_data.py` module of LABELS / TRAIN_FILE / TEST_FILE constants,
_parse_function, load_data, train_input_fn / eval_input_fn) over ZLIB TFRecords whose feature is a
comma-separated string split and converted in the graph."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from quasar72 import spectra_data


def write_zlib(path, n, seed):
    rng = np.random.RandomState(seed)
    options = tf.python_io.TFRecordOptions(tf.python_io.TFRecordCompressionType.ZLIB)
    with tf.python_io.TFRecordWriter(path, options=options) as w:
        for _ in range(n):
            flux = ','.join('%.2f' % v for v in rng.uniform(0, 3, size=spectra_data.NUM_BINS))
            ex = tf.train.Example(features=tf.train.Features(feature={
                'feature': tf.train.Feature(bytes_list=tf.train.BytesList(value=[flux.encode()])),
                'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(rng.randint(0, 4))])),
            }))
            w.write(ex.SerializeToString())


def main(data_dir):
    folder = os.path.join(data_dir, 'h72_quasar')
    os.makedirs(folder, exist_ok=True)
    write_zlib(os.path.join(folder, spectra_data.TEST_FILE), 7, 51)

    dataset = spectra_data.load_data(os.path.join(folder, spectra_data.TEST_FILE), num_epochs=1)
    features, labels = spectra_data.eval_input_fn(dataset, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        seen = 0
        try:
            while True:
                f, l = sess.run([features['feature'], labels])
                batches.append([np.round(f, 2).tolist(), l.tolist()])
                seen += len(l)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "spectra: %d" % seen}
