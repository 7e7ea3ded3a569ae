"""K-fold cross-validation on a small preloaded table: for the held-out fold, the training row indices come from a
range_input_producer over the kept positions and rows are gathered from constants in the graph."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


class CVConfig(object):
    num_folds = 3
    held_out = 1
    batch_size = 4


def write_table(path):
    rng = np.arange(12)
    table = np.stack([rng, rng * 0.5, (rng % 3) * 1.5, rng % 2], axis=1)
    np.savetxt(path, table, delimiter=",", fmt="%.2f")


def fold_indices(n, cfg):
    folds = np.array_split(np.arange(n), cfg.num_folds)
    return np.setdiff1d(np.arange(n), folds[cfg.held_out])


def training_batches(table, cfg):
    keep = fold_indices(len(table), cfg)
    features = tf.constant(table[:, :3], dtype=tf.float32, name="features")
    labels = tf.constant(table[:, 3].astype(np.int64), name="labels")
    positions = tf.constant(keep, dtype=tf.int32, name="kept_rows")
    index = tf.train.range_input_producer(len(keep), num_epochs=1, shuffle=False).dequeue()
    row = tf.gather(positions, index)
    x = tf.gather(features, row)
    y = tf.gather(labels, row)
    return tf.train.batch([row, x, y], batch_size=cfg.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    root = os.path.join(data_dir, "h26_kfold_range_producer_gather_fold_rows")
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, "table.csv")
    write_table(path)
    table = np.loadtxt(path, delimiter=",")
    cfg = CVConfig()
    rows, x, y = training_batches(table, cfg)
    w = tf.get_variable("w", [3, 1], initializer=tf.constant_initializer(0.1))
    logits = tf.squeeze(tf.matmul(x, w), axis=1)
    batches, steps = [], 0
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r, xs, ys, lg = sess.run([rows, x, y, logits])
                steps += 1
                batches.append([r.tolist(), xs.tolist(), ys.tolist(), [round(float(v), 4) for v in lg]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "steps=%d" % steps}
