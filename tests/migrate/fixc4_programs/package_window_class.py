"""The window reader class of a package module (`fixc4_lib.windows`), made and read at once; no header, files of
5 and 2 rows in windows of 2 (2, 2, 1, 2), in order, one reader thread."""
import os

import tensorflow.compat.v1 as tf

from fixc4_lib import windows


def main(data_dir):
    out = os.path.join(data_dir, "fixc4_package")
    os.makedirs(out, exist_ok=True)
    paths = []
    for i, n in enumerate([5, 2]):
        path = os.path.join(out, "w%d.csv" % i)
        with open(path, "w") as f:
            for k in range(n):
                f.write("%d\n" % (10 * i + k + 1))
        paths.append(path)
    queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
    total, count = windows.SumWindows(2).read(queue)
    batch = tf.train.batch([total, count], 2, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, c = sess.run(batch)
                batches.append([t.tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "windows: %d" % sum(len(b[0]) for b in batches)}
