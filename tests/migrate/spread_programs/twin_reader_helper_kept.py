"""A TFRecord helper called twice in a method (two shards read in step, zipped into one batch) and once more
by another function for a pipeline of its own: the helper stays for that caller, its twin calls are inlined.
`import tensorflow as tf` with `tf.compat.v1.*` calls."""

import os

import tensorflow as tf


def read_label(path, scale=2):
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TFRecordReader()
    _, serialized = reader.read(queue)
    parsed = tf.io.parse_single_example(serialized, {"label": tf.io.FixedLenFeature([], tf.int64)})
    return parsed["label"] * scale


class Shards(object):
    def __init__(self, data_dir):
        self.data_dir = data_dir

    def paired(self, size):
        left = read_label(os.path.join(self.data_dir, "records-0.tfrecord"))
        right = read_label(path=os.path.join(self.data_dir, "records-2.tfrecord"), scale=3)
        return tf.compat.v1.train.batch([left, right, left + right], batch_size=size)


def single(data_dir, size):
    label = read_label(os.path.join(data_dir, "records-1.tfrecord"), 5)
    return tf.compat.v1.train.batch([label], batch_size=size)


def _drain(sess, fetches):
    out = []
    try:
        while True:
            out.append([v.tolist() for v in sess.run(fetches)])
    except tf.errors.OutOfRangeError:
        return out, "OutOfRangeError"


def main(data_dir):
    paired = Shards(data_dir).paired(10)
    alone = single(data_dir, 15)
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        first, end = _drain(sess, paired)
        second, end_2 = _drain(sess, [alone])
        coord.request_stop()
        coord.join(threads)
    return {"batches": first + second, "end": end if end == end_2 else "%s/%s" % (end, end_2)}
