"""GAN training input: a RealSampler object serves real rows to tf.py_func and returns a sentinel (-1 index)
once the data is used up; the batched samples go through tf.train.batch and the loop stops at the first batch
holding the sentinel, keeping the real rows before it."""

import csv
import os

import numpy as np
import tensorflow.compat.v1 as tf

SENTINEL = -1


class RealSampler(object):
    def __init__(self, data_dir, files=("table-0.csv", "table-1.csv", "table-2.csv")):
        self.rows = []
        for name in files:
            with open(os.path.join(data_dir, name)) as f:
                reader = csv.reader(f)
                next(reader)
                for a, b, label in reader:
                    self.rows.append((int(a), float(b), int(label)))
        self.position = 0

    def __call__(self):
        if self.position >= len(self.rows):
            return np.int64(SENTINEL), np.zeros([2], np.float32)
        idx, b, label = self.rows[self.position]
        self.position += 1
        return np.int64(idx), np.array([b / 10.0, label], np.float32)


def real_data_batch(sampler, batch_size):
    index, sample = tf.py_func(sampler, [], [tf.int64, tf.float32], name="real_sampler")
    index.set_shape([])
    sample.set_shape([2])
    noise_seed = tf.cast(index % 17, tf.float32)
    return tf.train.batch([index, sample, noise_seed], batch_size=batch_size, num_threads=1, capacity=64)


def main(data_dir):
    sampler = RealSampler(data_dir)
    index_batch, sample_batch, seed_batch = real_data_batch(sampler, batch_size=32)
    batches = []
    end = None
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            idx, samples, seeds = sess.run([index_batch, sample_batch, seed_batch])
            keep = idx != SENTINEL
            if keep.any():
                batches.append([idx[keep].tolist(), samples[keep].tolist(), seeds[keep].tolist()])
            if not keep.all():
                end = "sentinel"
                break
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {"batches": batches, "end": end}
