"""A feeding class of another module given the program's coordinator, which it tells of an error only under
``if self._coord:``; the program loops on ``coord.should_stop()``."""
import tensorflow.compat.v1 as tf

from m2_lib.feeders import GroupFeeder

ROWS = [[3, 1, 4], [1], [5, 9, 2, 6], [5, 3], [5], [8, 9, 7, 9, 3], [2, 3]]


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = GroupFeeder(ROWS, 3, coord)
    batches = []
    with tf.Session() as sess:
        feeder.start_in_session(sess)
        try:
            while not coord.should_stop():
                v, n = sess.run([feeder.values, feeder.lengths])
                batches.append([v.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            pass
    return {"batches": batches, "end": "rows: %d" % sum(len(b[1]) for b in batches)}
