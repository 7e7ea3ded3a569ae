"""Reader stages as `@staticmethod`s: `read_and_decode(filename_queue, scale)` called through `self`, which calls
the `decode` static method through the class; the batch in an instance method."""

import glob
import os

import tensorflow.compat.v1 as tf


class Records(object):
    def __init__(self, files, batch_size=7, scale=0.5):
        self.files = files
        self.batch_size = batch_size
        self.scale = scale

    @staticmethod
    def decode(serialized):
        features = tf.parse_single_example(serialized, features={
            'x': tf.FixedLenFeature([3], tf.float32),
            'label': tf.FixedLenFeature([1], tf.int64),
        })
        return features['x'], tf.reshape(features['label'], [])

    @staticmethod
    def read_and_decode(filename_queue, scale):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        x, label = Records.decode(serialized)
        return x * scale, label

    def inputs(self):
        filename_queue = tf.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        x, label = self.read_and_decode(filename_queue, self.scale)
        return tf.train.batch([x, label], batch_size=self.batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    xs, labels = Records(files).inputs()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, label = sess.run([xs, labels])
                batches.append([x.tolist(), label.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
