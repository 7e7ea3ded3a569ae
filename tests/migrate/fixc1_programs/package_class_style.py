"""Lines paired with a shuffled style index by a class of the package `fixc1_lib`."""
import os

import tensorflow.compat.v1 as tf

from fixc1_lib.styles import StyledLines


def main(data_dir):
    folder = os.path.join(data_dir, "fixc1_lines")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for d in range(2):
        path = os.path.join(folder, "part%d.txt" % d)
        with open(path, "w") as f:
            for i in range(4):
                f.write("line-%d-%d\n" % (d, i))
        paths.append(path)
    lines, styles = StyledLines(paths, 4).batch(2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                l, s = sess.run([lines, styles])
                batches.append([[x.decode() for x in l], s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "lines: %d" % (2 * len(batches))}
