"""A flag from argparse chooses the file producer (shuffled or not) before one reader and one batch."""

import argparse
import glob
import os

import tensorflow as tf

parser = argparse.ArgumentParser()
parser.add_argument('--shuffle_files', action='store_true')
parser.add_argument('--batch_size', type=int, default=10)


def csv_batches(files, flags):
    if flags.shuffle_files:
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=True, seed=7)
    else:
        queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    reader = tf.compat.v1.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.io.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    total = tf.cast(a, tf.float32) + b
    return tf.compat.v1.train.batch([a, total, label], batch_size=flags.batch_size)


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([x.tolist() for x in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    ordered_fetch = csv_batches(files, parser.parse_args([]))
    shuffled_fetch = csv_batches(files, parser.parse_args(['--shuffle_files']))
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, ordered_fetch)
        shuffled, end2 = _drain(sess, shuffled_fetch)
        coord.request_stop()
        coord.join(threads)
    rows = sorted(r for b in shuffled for r in zip(*b))
    return {'batches': ordered + [[len(shuffled), rows]], 'end': end if end == end2 else None}
