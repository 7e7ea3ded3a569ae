import os

import numpy as np
import tensorflow.compat.v1 as tf

from candle65_lib.pours import PourReader


def write_pours(folder):
    if not os.path.isdir(folder):
        os.makedirs(folder)
    rng = np.random.RandomState(6505)
    path = os.path.join(folder, "pours.txt")
    with open(path, "w") as f:
        for i in range(10):
            f.write("%d;%s;%.1f;%.2f\n" % (i, ["soy", "beeswax", "paraffin"][rng.randint(3)], rng.uniform(2, 6),
                                           rng.uniform(20, 60)))
    return path


def main(data_dir):
    path = write_pours(os.path.join(data_dir, "h65_candle_pours"))
    reader = PourReader([path], batch_size=2)
    batch = reader.inputs()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                pid, wax, nth, running, per_mm = sess.run(batch)
                batches.append([pid.tolist(), [w.decode() for w in wax], nth.tolist(),
                                np.round(running, 4).tolist(), np.round(per_mm, 4).tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "pours: %d, waxes: %s" % (sum(len(b[0]) for b in batches),
                                                                sorted(reader.stamper.seen.items()))}
