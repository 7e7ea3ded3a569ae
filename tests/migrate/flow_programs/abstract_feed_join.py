"""An abstract `Feed` of another module (`class_lib.feeds`) whose `batch_inputs` makes `num_readers` readers by
its factory method `self.reader()` in a loop and parses each record with `self.parse(...)`, the subclass's (a
third module, `class_lib.record_feeds`); the feed made once, its batch read to the end; a multiset of rows and
the batch sizes."""

import os
import sys

import tensorflow.compat.v1 as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from class_lib.record_feeds import ScaledRecordFeed  # noqa: E402


def main(data_dir):
    feed = ScaledRecordFeed(data_dir, batch_size=7, scale=0.5)
    xs, labels = feed.batch_inputs(num_readers=3)
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y = sess.run([xs, labels])
                sizes.append(len(y))
                rows.extend([*r, l] for r, l in zip(x.tolist(), y.tolist()))
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': [sizes, sorted(rows)], 'end': end}
