"""Package: two read_file threads into a FIFOQueue, the join over [[...]] * threads, transforms chained."""
import os

import tensorflow.compat.v1 as tf

from fx_lib.pipeline import make_batches


def write(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(6):
        path = os.path.join(folder, "n%d.txt" % i)
        with open(path, "w") as f:
            f.write("%d %d" % (i, i * i))
        paths.append(path)
    return paths


def main(data_dir):
    paths = write(os.path.join(data_dir, "fxI2_a"))
    numbers, scores = make_batches(paths, list(range(6)), 2,
                                   fns=[lambda s: tf.strings.split([s]).values,
                                        lambda t: tf.strings.to_number(t, tf.int32),
                                        lambda n: tf.reshape(n, [2])])
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, s = sess.run([numbers, scores])
                batches.append([n.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (2 * len(batches))}
