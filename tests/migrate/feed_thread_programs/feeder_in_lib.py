"""The feeding class of `feed_lib/row_feeder.py`, used by a consumer loop that runs on the coordinator
(`while not coord.should_stop()`), the end of data asking it to stop."""
import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from feed_lib.row_feeder import RowFeeder  # noqa: E402


def main(data_dir):
    coord = tf.train.Coordinator()
    feeder = RowFeeder(23, coord)
    batch = feeder.inputs(4)
    out, end = [], None
    sess = tf.Session()
    threads = feeder.start_threads(sess)
    try:
        while not coord.should_stop():
            got = sess.run(batch)
            out.append([got['x'].tolist(), got['y'].tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
        coord.request_stop()
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {'batches': out, 'end': end}
