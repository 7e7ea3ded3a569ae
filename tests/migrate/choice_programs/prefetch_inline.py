"""im2txt-style prefetch: the queue kind (RandomShuffleQueue or FIFOQueue) and its file producer chosen by is_training."""

import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf


def prefetch_batches(data_dir, is_training, batch_size=9, num_readers=2):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    if is_training:
        filename_queue = tf.train.string_input_producer(files, shuffle=True, num_epochs=1, capacity=16)
        capacity = 45 * 2 + 3 * batch_size
        values_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=45, dtypes=[tf.string])
    else:
        filename_queue = tf.train.string_input_producer(files, shuffle=False, num_epochs=1, capacity=1)
        capacity = 45 + 3 * batch_size
        values_queue = tf.FIFOQueue(capacity=capacity, dtypes=[tf.string])
    enqueue_ops = []
    for _ in range(num_readers):
        reader = tf.TFRecordReader()
        _, value = reader.read(filename_queue)
        enqueue_ops.append(values_queue.enqueue([value]))
    tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(values_queue, enqueue_ops))
    serialized = values_queue.dequeue()
    parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                  'label': tf.FixedLenFeature([], tf.int64)})
    xs, labels = tf.train.batch([parsed['x'], parsed['label']], batch_size=batch_size, capacity=2 * batch_size)
    return xs, labels


def main(data_dir):
    fetch = prefetch_batches(data_dir, is_training=False)
    train = prefetch_batches(data_dir, True)
    out, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, l = sess.run(fetch)
                out.append(sorted(l.tolist()))
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                x, l = sess.run(train)
                rows += l.tolist()
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': [len(out), sorted(sum(out, [])), sorted(rows)], 'end': end}
