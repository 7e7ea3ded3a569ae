"""A reader class held in a local name before it is called (`import tensorflow as tf`, tf.compat.v1 calls)."""

import glob
import os

import tensorflow as tf


def read_records(files, batch_size=10):
    reader_cls = tf.compat.v1.TFRecordReader
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = reader_cls()
    _, serialized = reader.read(queue)
    parsed = tf.io.parse_single_example(serialized, {'x': tf.io.FixedLenFeature([3], tf.float32),
                                                     'label': tf.io.FixedLenFeature([], tf.int64)})
    batch = tf.compat.v1.train.batch(parsed, batch_size=batch_size)
    return batch['x'], batch['label']


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    x, label = read_records(files)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([x, label])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
