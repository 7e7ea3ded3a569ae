"""The feeder of ``o2b_lib.feeders`` makes its thread in ``__init__`` and starts it in ``start()``; this module
joins and inspects ``feeder.thread``."""
import tensorflow.compat.v1 as tf

from o2b_lib.feeders import RowFeeder


def main(data_dir):
    coord = tf.train.Coordinator()
    batches = []
    with tf.Session() as sess:
        feeder = RowFeeder(sess, coord, list(range(8)), 3)
        feeder.start()
        try:
            while not coord.should_stop():
                a, b = sess.run([feeder.x, feeder.y])
                batches.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        feeder.thread.join()
        alive = feeder.thread.is_alive()
    return {"batches": batches, "end": "alive: %s, daemon: %s" % (alive, feeder.thread.daemon)}
