"""r33a_lib/shells.py: the reader class and the function building the hand-built queue in a package module; the
object made here and handed over; 11 rows in batches of 3: the last 2 are never dequeued (dequeue_many fails
when fewer than 3 remain after the queue closes)."""
import os

import tensorflow.compat.v1 as tf

from r33a_lib.shells import ShellReader, queued_batch


def write(data_dir):
    folder = os.path.join(data_dir, "r33a_shells")
    os.makedirs(folder, exist_ok=True)
    files, n = [], 0
    for part, count in ((0, 6), (1, 5)):
        path = os.path.join(folder, "shells_%d.data" % part)
        with open(path, "w") as f:
            for _ in range(count):
                f.write("%s,%.3f,%.3f,%d\n" % ("MFI"[n % 3], 0.3 + 0.01 * n, 0.2 + 0.02 * n, 5 + n))
                n += 1
        files.append(path)
    return files


def main(data_dir):
    reader = ShellReader(write(data_dir))
    example, kind, rings = queued_batch(reader, 3)
    age = tf.cast(rings, tf.float32) + 1.5
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                e, s, r, a = sess.run([example, kind, rings, age])
                batches.append([e.round(3).tolist(), s.tolist(), r.tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            end = "closed after %d batches" % len(batches)
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end, "shape": example.shape.as_list()}
