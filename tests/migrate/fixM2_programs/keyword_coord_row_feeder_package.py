"""The coordinator handed by keyword (``coord=coord``) to a feeding class imported as a module alias, which tells
it of an error only under ``if self.coord is not None:``."""
import numpy as np
import tensorflow.compat.v1 as tf

import m2_lib.feeders as fd


def main(data_dir):
    rows = np.round(np.random.RandomState(5).uniform(0, 1, (7, 2)), 2).astype(np.float32)
    coord = tf.train.Coordinator()
    feeder = fd.RowFeeder(rows, 3, coord=coord)
    batches = []
    with tf.Session() as sess:
        threads = feeder.start(sess)
        try:
            while not coord.should_stop():
                x, y = sess.run([feeder.batch_x, feeder.batch_y])
                batches.append([np.round(x, 2).tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        for t in threads:
            t.join()
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
