"""A function parameter `shuffle` sets the TFRecord file producer's `shuffle` and chooses the batch in a
conditional expression (`train.shuffle_batch(...) if shuffle else train.batch(...)`); the reader is made inline
and its key discarded; `from tensorflow.compat.v1 import train`; both calls, order and multiset."""

import glob
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def record_batches(files, shuffle, batch_size=6):
    filename_queue = train.string_input_producer(files, num_epochs=1, shuffle=shuffle)
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, {'x': tf.FixedLenFeature([3], tf.float32),
                                                  'label': tf.FixedLenFeature([], tf.int64)})
    x, label = parsed['x'] * 0.5, parsed['label']
    x, label = (train.shuffle_batch([x, label], batch_size=batch_size, capacity=50, min_after_dequeue=10,
                                    allow_smaller_final_batch=True)
                if shuffle else train.batch([x, label], batch_size=batch_size, allow_smaller_final_batch=True))
    return x, label


def _drain(sess, fetch):
    out = []
    try:
        while True:
            x, label = sess.run(fetch)
            out.append([x.tolist(), label.tolist()])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    ordered_fetch = record_batches(files, False)
    shuffled_fetch = record_batches(files, True, batch_size=7)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, ordered_fetch)
        shuffled, end2 = _drain(sess, shuffled_fetch)
        coord.request_stop()
        coord.join(threads)
    rows = sorted([x, label] for b in shuffled for x, label in zip(*b))
    return {'batches': ordered + [[len(b[1]) for b in shuffled], rows], 'end': end if end == end2 else None}
