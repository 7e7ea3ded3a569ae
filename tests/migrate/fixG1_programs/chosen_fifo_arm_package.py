# The package's RowFeeder with its flag off: a FIFOQueue, read in order until the close ends it.
import numpy as np
import tensorflow.compat.v1 as tf

from g1runners.chooser import RowFeeder


def main(data_dir):
    rows = [[i, i * 2.0, -i] for i in range(10)]
    feeder = RowFeeder(rows, 3)
    got = feeder.batches()
    sess = tf.Session()
    threads = feeder.start(sess)
    batches = []
    end = "none"
    while True:
        try:
            batches.append(sess.run(got).tolist())
            sess.run(feeder.size_op)  # (a number the program logs)
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
            break
    for t in threads:
        t.join()
    return {"batches": batches, "end": end}
