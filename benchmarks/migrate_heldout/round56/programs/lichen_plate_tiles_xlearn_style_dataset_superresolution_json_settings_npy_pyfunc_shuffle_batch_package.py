"""Super-resolution of lichen survey plate tiles with a home-grown `xlearn`-style reader package.

`xl56_lib/reader/base.py` has a `DataSet` base class taking a json settings file plus keyword
overrides; `srinput.py` has `DataSetSuperResolution`, which in "is_single" mode loads each
high-resolution `.npy` tile through `py_func` and makes the low-resolution input by average
pooling, then `shuffle_batch`es (lr, hr, name) with two threads.
"""
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

import xl56_lib.reader.srinput as sri

NAME = 'h56_lichen_plate_tiles_xlearn_style_dataset_superresolution_json_settings_npy_pyfunc_shuffle_batch_package'


def write_tiles(root):
    tiles = os.path.join(root, 'tiles')
    if not os.path.exists(tiles):
        os.makedirs(tiles)
    rng = np.random.RandomState(5615)
    for i in range(12):
        cover = np.round(rng.uniform(0, 1, size=(4, 4, 1)), 3)
        np.save(os.path.join(tiles, 'plate%d_tile%02d.npy' % (i // 4, i)), cover)
    settings = os.path.join(root, 'sr_settings.json')
    with open(settings, 'w') as f:
        json.dump({"batch_size": 4, "is_single": True, "down_sample_ratio": 2,
                   "hr_shape": [4, 4, 1], "n_threads": 2, "shuffle": True}, f, indent=2)
    return tiles, settings


def sr_net(lr):
    up = tf.image.resize_nearest_neighbor(lr, [4, 4])
    with tf.variable_scope('srnet'):
        w = tf.get_variable('w', [3, 3, 1, 1], initializer=tf.constant_initializer(1.0 / 9))
        return tf.nn.conv2d(up, w, [1, 1, 1, 1], 'SAME')


def main(data_dir):
    root = os.path.join(data_dir, NAME)
    tiles, settings = write_tiles(root)
    dataset = sri.DataSetSuperResolution(settings, data_dir=tiles, seed=56)
    lr, hr, names = dataset.batch()
    sr = sr_net(lr)
    loss = tf.losses.mean_squared_error(hr, sr)
    train = tf.train.AdamOptimizer(1e-3).minimize(loss)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for step in range(100):
                _, l, h, n = sess.run([train, lr, hr, names])
                batches.append([np.round(l.astype(np.float64), 5).tolist(),
                                np.round(h.astype(np.float64), 5).tolist(),
                                [os.path.basename(x.decode()) for x in n]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "tiles: %d of %d" % (sum(len(b[2]) for b in batches), dataset.n_files)}
