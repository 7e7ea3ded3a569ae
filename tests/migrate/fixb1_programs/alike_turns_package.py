"""Click logs through a queue class of the package ``fixb1_lib``."""
import os

import tensorflow.compat.v1 as tf

from fixb1_lib.clicks import ClickLog


def main(data_dir):
    folder = os.path.join(data_dir, "fixb1_clicks")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for d in range(3):
        path = os.path.join(folder, "day%d.tsv" % d)
        with open(path, "w") as f:
            for i in range(4):
                f.write("%d\tsite%d.example\t%d\n" % ((i + d) % 2, (i * 3 + d) % 5, (d * 7 + i) % 24))
        paths.append(path)
    hashed, hour, label = ClickLog(paths, threads=3).batch(4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                h, hr, y = sess.run([hashed, hour, label])
            except tf.errors.OutOfRangeError:
                break
            batches.append([h.tolist(), hr.tolist(), y.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "clicks: %d" % (4 * len(batches))}
