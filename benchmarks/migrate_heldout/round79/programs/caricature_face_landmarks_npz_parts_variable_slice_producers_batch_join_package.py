"""Caricature face crops with five landmark points (x and y in [0, 1]) stored as numbered parts, read by a
face-landmark `CaricatureReader(BaseReader)` package: parts filtered to faces with in-range points, each part
held in a `tf.Variable(placeholder, collections=[])` filled by `reader.init(sess)`, one `slice_input_producer`
per part and `tf.train.batch_join` over the parts (one thread per part)."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from caricature79.dataset.caricature_reader import CaricatureReader


def _write(d):
    rng = np.random.RandomState(79)
    # part 0: 7 candidates, 5 kept; part 1: 6 candidates, 4 kept
    for part, (n, drop) in enumerate([(7, {1: 'face', 4: 'range'}), (6, {0: 'face', 5: 'range'})]):
        points = np.round(rng.rand(n, 10), 3).astype(np.float32)
        imgs = np.round(rng.rand(2, 2, 1, n), 3).astype(np.float32)
        face = np.ones((n, 1), np.int32)
        for k, why in drop.items():
            if why == 'face':
                face[k] = 0
            else:
                points[k, 3] = 1.25
        np.savez(os.path.join(d, 'caricgt2data_%d.npz' % (part + 1)), pointss=points, imgs=imgs, face=face)


def main(data_dir):
    d = os.path.join(data_dir, 'h79_caricature')
    os.makedirs(d, exist_ok=True)
    _write(d)

    reader = CaricatureReader(d, processor=None, batch_size=3, part=CaricatureReader.DatasetPart.test)
    imgs, points = reader.get_batch()

    out = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        reader.init(sess)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                i, p = sess.run([imgs, points])
                out.append([np.round(p.astype(np.float64), 3).tolist(),
                            np.round(i.reshape(len(i), -1).astype(np.float64), 3).tolist()])
        except tf.errors.OutOfRangeError:
            print('all parts read')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": out, "end": "faces: %d" % sum(len(b[0]) for b in out)}
