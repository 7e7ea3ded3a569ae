"""Plain (not cached) properties, each read once: `queue` makes the file queue, `record` reads and parses it
with an inline reader, and the `batch` property batches `self.record`; `main` reads `batch` once."""

import glob
import os

from tensorflow.compat import v1 as tf


class Frames(object):
    def __init__(self, data_dir, batch_size):
        self.files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
        self.batch_size = batch_size

    @property
    def queue(self):
        return tf.train.string_input_producer(self.files, num_epochs=2, shuffle=False)

    @property
    def record(self):
        _, serialized = tf.TFRecordReader().read(self.queue)
        parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                      'label': tf.FixedLenFeature([1], tf.int64)})
        return tf.reduce_sum(parsed['x']), parsed['label'][0]

    @property
    def batch(self):
        total, label = self.record
        return tf.train.batch([total, label], batch_size=self.batch_size)


def main(data_dir):
    totals, labels = Frames(data_dir, 16).batch
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, l = sess.run([totals, labels])
                batches.append([t.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
