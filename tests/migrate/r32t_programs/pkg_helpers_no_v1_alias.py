"""A package whose batch helpers' modules import no ``tensorflow.compat.v1`` alias: ``from tensorflow.compat.v1
import train`` (``train.batch``, in order, called twice), ``from tensorflow.compat.v1.train import shuffle_batch``
with ``tf`` naming a module of the package (a multiset), ``from tensorflow import compat`` (in order)."""
import os

import tensorflow.compat.v1 as tf

from r32t_lib.reading import compat_inputs, inputs, shuffled_inputs


def _write(data_dir, name, files, rows):
    paths = []
    for f in range(files):
        path = os.path.join(data_dir, "r32t_%s_%d.csv" % (name, f))
        with open(path, "w") as out:
            for i in range(rows):
                out.write("%.1f,%.1f,%d\n" % (f + i * 0.5, i * 2.0, f * rows + i))
        paths.append(path)
    return paths


def _drain(sess, tensors):
    got = []
    try:
        while True:
            x, y = sess.run(tensors)
            got.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        return got


def main(data_dir):
    train = inputs(_write(data_dir, "train", 2, 6), 3)
    test = inputs(_write(data_dir, "test", 1, 4), 2)
    shuffled = shuffled_inputs(_write(data_dir, "shuffled", 2, 4), 4)
    compat = compat_inputs(_write(data_dir, "compat", 1, 6), 3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        batches = _drain(sess, train) + _drain(sess, test) + _drain(sess, compat)
        rows = [[x, y] for xs, ys in _drain(sess, shuffled) for x, y in zip(xs, ys)]
        coord.request_stop()
        coord.join(threads)
    batches.append([sorted(rows)])  # (the shuffled batches as a multiset)
    return {"batches": batches, "end": "OutOfRangeError"}
