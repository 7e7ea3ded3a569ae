"""A reader kept on the object (`self.reader = tf.TFRecordReader()` in `__init__`), the file queue, read, parse, a
`_scale` method (a division by a constant) and `train.batch` in `feed()` under `name_scope(self.name)`; two objects, each fed once, both
batches run in one `sess.run` until the first ends (issue 17: CycleGAN's reader)."""

import glob
import os

import tensorflow.compat.v1 as tf


class Reader(object):
    def __init__(self, files, batch_size=6, name=''):
        self.files = files
        self.batch_size = batch_size
        self.reader = tf.TFRecordReader()
        self.name = name

    def feed(self):
        with tf.name_scope(self.name):
            filename_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
            _, serialized = self.reader.read(filename_queue)
            features = tf.parse_single_example(serialized, features={
                'x': tf.FixedLenFeature([3], tf.float32),
                'label': tf.FixedLenFeature([1], tf.int64),
            })
            x = self._scale(features['x'])
            label = tf.reshape(features['label'], [])
            xs, labels = tf.train.batch([x, label], batch_size=self.batch_size, allow_smaller_final_batch=True)
        return xs, labels

    def _scale(self, x):
        return x / 90.0 - 1.0


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    x_reader = Reader(files[:2], name='X')
    y_reader = Reader(files[2:], batch_size=5, name='Y')
    x_images, x_labels = x_reader.feed()
    y_images, y_labels = y_reader.feed()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xi, xl, yi, yl = sess.run([x_images, x_labels, y_images, y_labels])
                batches.append([xi.tolist(), xl.tolist()])
                batches.append([yi.tolist(), yl.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
