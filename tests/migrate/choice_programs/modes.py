"""A TRAIN-mode comparison choosing shuffle_batch or batch in a conditional expression (compat.v1 alias)."""

import glob
import os

import tensorflow.compat.v1 as tf

TRAIN = 'train'


def input_fn(data_dir, mode, batch_size=10):
    files = sorted(glob.glob(os.path.join(data_dir, 'records-*.tfrecord')))
    queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, serialized = tf.TFRecordReader().read(queue)
    parsed = tf.parse_single_example(serialized, features={
        'x': tf.FixedLenFeature([3], tf.float32), 'label': tf.FixedLenFeature([], tf.int64)})
    x = parsed['x'] * 2.0
    label = tf.cast(parsed['label'], tf.int32)
    xs, labels = (tf.train.shuffle_batch([x, label], batch_size=batch_size, capacity=50, min_after_dequeue=10)
                  if mode == TRAIN else
                  tf.train.batch([x, label], batch_size=batch_size, capacity=50))
    return xs, labels


def _drain(sess, fetch):
    out = []
    try:
        while True:
            x, l = sess.run(fetch)
            out.append([x.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    queue = 'unrelated'  # the same name in another scope
    evaluation = input_fn(data_dir, 'eval')
    train = input_fn(data_dir, mode=TRAIN)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, evaluation)
        shuffled, end2 = _drain(sess, train)
        coord.request_stop()
        coord.join(threads)
    rows = sorted((l, x) for b in shuffled for x, l in zip(*b))
    return {'batches': ordered + [[len(shuffled), rows]], 'end': end if end == end2 else None, 'q': queue}
