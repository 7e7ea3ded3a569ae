"""Package: the same helper with readers=1 (the else arm reads the file), one transform not in a list, the
columns handed as tuples (`zip(*rows)`)."""
import os

import tensorflow.compat.v1 as tf

from fx_lib import pipeline


def main(data_dir):
    folder = os.path.join(data_dir, "fxI2_b")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i in range(5):
        paths.append(os.path.join(folder, "w%d.txt" % i))
        with open(paths[-1], "w") as f:
            f.write("word%d" % i)
    texts, scores = pipeline.from_rows(zip(paths, [3, 1, 4, 1, 5]), 2, fns=tf.strings.upper, readers=1, threads=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, s = sess.run([texts, scores])
                batches.append([[x.decode() for x in t], s.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (2 * len(batches))}
