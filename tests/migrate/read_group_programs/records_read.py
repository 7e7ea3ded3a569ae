"""The reading-data how-to run record by record: a TFRecordReader's read, parsed, no batch."""

import glob
import os

import tensorflow.compat.v1 as tf


def read_example(files):
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, serialized = reader.read(queue)
    parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                  'label': tf.FixedLenFeature([], tf.int64)})
    return parsed['x'] * 2.0, parsed['label']


def main(data_dir):
    x, label = read_example(sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))[:2])
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                out.append([a.tolist(), int(b)])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
