"""A TFRecord reader helper at module level and a class whose method reads through it and chooses
`shuffle_batch` or `batch` by `self.training` in an `if`; two objects (eval, train) in one graph."""

import os

import tensorflow as tf

tf1 = tf.compat.v1


def decode(filename_queue):
    reader = tf1.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    parsed = tf1.parse_single_example(serialized, {
        'x': tf1.FixedLenFeature([3], tf.float32),
        'label': tf1.FixedLenFeature([], tf.int64),
    })
    return parsed['x'], parsed['label']


class Records(object):
    def __init__(self, files, training):
        self.files = files
        self.training = training

    def batches(self, batch_size):
        queue = tf1.train.string_input_producer(self.files, num_epochs=1, shuffle=False)
        x, label = decode(queue)
        label = tf.cast(label, tf.int32) + 1
        if self.training:
            xs, labels = tf1.train.shuffle_batch([x, label], batch_size, capacity=100, min_after_dequeue=20)
        else:
            xs, labels = tf1.train.batch([x, label], batch_size, allow_smaller_final_batch=True)
        return xs, labels


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([a.tolist() for a in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    files = [os.path.join(data_dir, 'records-%d.tfrecord' % i) for i in range(4)]
    evaluation = Records(files, training=False).batches(8)
    training = Records(files, training=True).batches(10)  # 180 records: no tail dropped at random
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, evaluation)
        shuffled, end2 = _drain(sess, training)
        coord.request_stop()
        coord.join(threads)
    rows = sorted((tuple(x), l) for b in shuffled for x, l in zip(*b))
    return {'batches': ordered + [[len(shuffled), [list(r) for r in rows]]], 'end': end if end == end2 else None}
