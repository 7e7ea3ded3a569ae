"""A `@classmethod` reader stage called through its class's name from a module function
(`Parser.read(queue)`), its class parameter read for a class attribute and a static method (`cls.OFFSET`,
`cls.shift(x)`); the name `Parser` also names a local of another function."""

import glob
import os

import tensorflow.compat.v1 as tf


class Parser:
    OFFSET = 10.0

    @staticmethod
    def shift(x):
        return x + 1.0

    @classmethod
    def read(cls, queue):
        reader = tf.TFRecordReader()
        _, serialized = reader.read(queue)
        features = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32)})
        return cls.shift(features['x']) - cls.OFFSET


def unrelated():
    Parser = dict(a=1)
    return Parser


def batches_of(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x = Parser.read(queue)
    return tf.train.batch([x], batch_size=8, allow_smaller_final_batch=True)


def main(data_dir):
    xs = batches_of(sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord'))))
    unrelated()
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append(sess.run(xs).tolist())
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(threads)
    return {'batches': batches, 'end': end}
