"""Bobbin-lace pricking patterns: a framework-style script with `tf.app.flags`-like FLAGS, rows loaded with numpy
and cycled by `tf.train.input_producer` of a constant, one-thread `train.batch`, a `max_steps` loop."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

flags = tf.app.flags
FLAGS = flags.FLAGS
try:
    flags.DEFINE_integer('bobbin_batch_size', 3, 'Batch size.')
    flags.DEFINE_integer('bobbin_max_steps', 4, 'Number of steps to run.')
except Exception:  # defined already by an earlier run in the same process
    pass


def load_pricks(path):
    data = np.loadtxt(path, delimiter=',', dtype=np.float32)
    return data[:, :-1], data[:, -1].astype(np.int32)


def inputs(points, pairs):
    queue = tf.train.input_producer(tf.constant(np.concatenate([points, pairs[:, None]], 1)), shuffle=False,
                                    capacity=16)
    row = queue.dequeue()
    point = row[:2]
    pair = tf.cast(row[2], tf.int32)
    return tf.train.batch([point, pair], batch_size=FLAGS.bobbin_batch_size, num_threads=1)


def run_training(path):
    points, pairs = load_pricks(path)
    point_batch, pair_batch = inputs(points, pairs)
    out = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for step in range(FLAGS.bobbin_max_steps):
            p, q = sess.run([point_batch, pair_batch])
            out.append([np.round(p.astype(np.float64), 2).tolist(), q.tolist()])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=2)
    return out


def main(data_dir):
    folder = os.path.join(data_dir, 'h73_bobbin')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'pricking.csv')
    with open(path, 'w') as f:
        for i in range(5):
            f.write('%.2f,%.2f,%d\n' % (i * 0.5, (i % 2) * 1.25, i % 4))
    FLAGS(['bobbin'], known_only=True)
    batches = run_training(path)
    return {"batches": batches, "end": "pricks: %d" % (FLAGS.bobbin_batch_size * len(batches))}
