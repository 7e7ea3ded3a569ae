"""A reader class of another module (`flow_lib.memo_reader`) whose file queue is memoized by a method
(`if not hasattr(self, '_fq')`), read once by a reader method that the batching method calls; `import
tensorflow as tf` with `tf.compat.v1` spelled out; one reader, so the batches in order."""

import glob
import os
import sys

import tensorflow as tf

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from flow_lib.memo_reader import RecordReader  # noqa: E402


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    x, label = RecordReader(files, 2).batches(10)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                got_x, got_label = sess.run([x, label])
                batches.append([got_x.tolist(), got_label.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
