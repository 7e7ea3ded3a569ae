"""Evaluate the icequake cluster classifier on the held-out geophone windows.

Windows of the three geophone components around each picked icequake are written by ``DataWriter`` into two
``.tfrecords`` files (one per night), then streamed back by the validation ``DataPipeline``.
"""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from quake58_lib import config as config_lib
from quake58_lib.data_pipeline import DataPipeline, DataWriter


def write_nights(dataset_dir, cfg):
    rng = np.random.RandomState(58)
    t0 = 1000
    for night in range(2):
        sub = os.path.join(dataset_dir, "night_%d" % night)
        if not os.path.exists(sub):
            os.makedirs(sub)
        writer = DataWriter(os.path.join(sub, "windows.tfrecords"))
        for i in range(5):
            data = np.round(rng.randn(cfg.n_traces, cfg.win_size), 3)
            label = (night * 5 + i) % cfg.n_clusters
            writer.write(data, label, start_time=t0, end_time=t0 + cfg.win_size)
            t0 += 7
        writer.close()


def main(data_dir):
    dataset_dir = os.path.join(data_dir, "h58_icequake")
    cfg = config_lib.Config()
    write_nights(dataset_dir, cfg)

    pipeline = DataPipeline(dataset_dir, cfg, False)
    samples = pipeline.samples
    labels = pipeline.labels
    # a stand-in for the network output: mean amplitude per window
    energy = tf.reduce_mean(tf.abs(samples), axis=[1, 2])

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        n_windows = 0
        try:
            while True:
                s, l, st, en, e = sess.run([samples, labels, pipeline.start_time, pipeline.end_time, energy])
                n_windows += len(l)
                batches.append([s.tolist(), l.tolist(), st.tolist(), en.tolist(), np.round(e, 5).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % n_windows}
