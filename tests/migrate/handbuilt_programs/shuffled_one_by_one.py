"""The elements of a RandomShuffleQueue made in a helper of another module (``hb_lib.shuffled_pool``), read one
at a time through its plain ``dequeue()`` in a MonitoredSession loop (issue 17)."""

import tensorflow.compat.v1 as tf

from hb_lib import shuffled_pool


def main(data_dir):
    product, label = shuffled_pool.shuffled_rows(data_dir + "/table-*.csv", 1)
    rows = []
    with tf.train.MonitoredSession() as sess:
        while not sess.should_stop():
            p, l = sess.run([product, label])
            rows.append([[round(float(p), 3)], [int(l)]])
    return {"batches": rows, "end": "OutOfRangeError"}
