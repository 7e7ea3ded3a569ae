import os

import tensorflow.compat.v1 as tf

from r47b_lib.two_readers import CsvLogReader, TsvLogReader


def main(data_dir):
    os.makedirs(os.path.join(data_dir, "r47b_logs"), exist_ok=True)
    csv = os.path.join(data_dir, "r47b_logs", "a.csv")
    tsv = os.path.join(data_dir, "r47b_logs", "b.tsv")
    with open(csv, "w") as f:
        f.write("".join("s%d,%d\n" % (i, i) for i in range(6)))
    with open(tsv, "w") as f:
        f.write("site\tlevel\n" + "".join("t%d\t%d\n" % (i, i) for i in range(4)))
    a = CsvLogReader([csv], 2).batches()
    b = TsvLogReader([tsv], 2).batches()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(2):
                x, y = sess.run([a, b])
                batches.append([[s.decode() for s in x[0]], x[1].tolist(), [s.decode() for s in y[0]], y[1].tolist()])
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "done"}
