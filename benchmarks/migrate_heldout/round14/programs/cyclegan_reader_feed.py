"""CycleGAN-style image reader class: the reader object is made in `__init__` (`self.reader`), the file queue,
read, parse, a `_preprocess` method and `shuffle_batch` in `feed()` under `name_scope(self.name)`; two readers (X
and Y domains) fed side by side, both batches run in one `sess.run` until the epoch ends."""

import os

import tensorflow.compat.v1 as tf


class Reader():
    def __init__(self, tfrecords_files, batch_size=8, min_queue_examples=20, num_threads=2, name=''):
        self.tfrecords_files = tfrecords_files
        self.batch_size = batch_size
        self.min_queue_examples = min_queue_examples
        self.num_threads = num_threads
        self.reader = tf.TFRecordReader()
        self.name = name

    def feed(self):
        with tf.name_scope(self.name):
            filename_queue = tf.train.string_input_producer(self.tfrecords_files, num_epochs=1)
            _, serialized_example = self.reader.read(filename_queue)
            features = tf.parse_single_example(
                serialized_example,
                features={
                    'x': tf.FixedLenFeature([3], tf.float32),
                    'label': tf.FixedLenFeature([1], tf.int64),
                })
            x = self._preprocess(features['x'])
            label = tf.reshape(features['label'], [])
            xs, labels = tf.train.shuffle_batch(
                [x, label], batch_size=self.batch_size, num_threads=self.num_threads,
                capacity=self.min_queue_examples + 3 * self.batch_size,
                min_after_dequeue=self.min_queue_examples, allow_smaller_final_batch=True)
        return xs, labels

    def _preprocess(self, x):
        x = (x / 90.0) - 1.0
        x.set_shape([3])
        return x


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
    X_reader = Reader(files[:2], name='X')
    Y_reader = Reader(files[2:], name='Y')
    x_images, x_labels = X_reader.feed()
    y_images, y_labels = Y_reader.feed()

    batches, end = [], None
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                xi, xl, yi, yl = sess.run([x_images, x_labels, y_images, y_labels])
                batches.append({'x': xi.tolist(), 'label': xl.tolist()})
                batches.append({'x': yi.tolist(), 'label': yl.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
