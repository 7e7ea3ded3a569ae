"""A reader helper (`read_pair(filename_queue)`) gives the decoded pair; `is_training` shuffles batches of it, and
otherwise the pair is read directly, one per run, and turned into a difference image; `import tensorflow as tf`
with `tf.compat.v1` calls, TFRecord examples."""

import glob
import os

import tensorflow as tf


def read_pair(filename_queue):
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf.io.parse_single_example(serialized, features={
        'x': tf.io.FixedLenFeature([3], tf.float32), 'label': tf.io.FixedLenFeature([], tf.int64)})
    return parsed['x'], tf.cast(parsed['label'], tf.int32)


def inputs(data_dir, is_training):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    filename_queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    x, label = read_pair(filename_queue)
    if is_training:
        xs, labels = tf.compat.v1.train.shuffle_batch([x * 2.0, label], batch_size=6, capacity=40,
                                                      min_after_dequeue=10, allow_smaller_final_batch=True)
    else:
        xs = tf.reshape(x[1:] - x[:-1], [2])
        labels = label + 100
    return xs, labels


def _drain(sess, fetch):
    out = []
    try:
        while True:
            a, b = sess.run(fetch)
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    x = 'unrelated'  # the same name in another scope
    train = inputs(data_dir, is_training=True)
    single = inputs(data_dir, False)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        shuffled, end = _drain(sess, train)
        ordered, end2 = _drain(sess, single)
        coord.request_stop()
        coord.join(threads)
    rows = sorted((l, v) for b in shuffled for v, l in zip(*b))
    return {'batches': ordered + [[len(shuffled), rows]], 'end': end if end == end2 else None, 'x': x}
