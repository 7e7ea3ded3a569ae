"""A feeding class's enqueue op handed to a module-level function's thread: left, with the reason."""
import numpy as np
import tensorflow.compat.v1 as tf

from m2_lib.handed import HandedFeeder


def main(data_dir):
    rows = np.arange(14, dtype=np.float32).reshape(7, 2)
    batches = []
    with tf.Session() as sess:
        feeder = HandedFeeder(sess, rows, 2)
        feeder.start()
        try:
            while True:
                batches.append(sess.run(feeder.batch).tolist())
        except tf.errors.OutOfRangeError:
            pass
        feeder.thread.join()
    return {"batches": batches, "end": "rows: %d" % sum(len(b) for b in batches)}
