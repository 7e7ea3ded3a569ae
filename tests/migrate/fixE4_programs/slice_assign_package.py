"""Two callers of a package helper's batch: one assigns to a slice of the list, the other hands the list to a
function that extends it in place."""
import os

import tensorflow as tf

from fixE4_lib.inputs import add_square, pairs


def write_rows(folder, n):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "pairs_%d.csv" % n)
    with open(path, "w") as f:
        for i in range(n):
            f.write("%d,%.1f\n" % (i, i / 2.0))
    return path


def main(data_dir):
    folder = os.path.join(data_dir, "fixE4_slices")
    first = pairs(write_rows(folder, 8), 2)
    first[1:] = [first[1] + 100.0, tf.cast(first[0], tf.float32)]
    second = pairs(write_rows(folder, 6), 3)
    count = add_square(second)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(2):
            out.append([v.tolist() for v in sess.run(first)])
            out.append([v.tolist() for v in sess.run(second)])
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "%d %d" % (len(first), count)}
