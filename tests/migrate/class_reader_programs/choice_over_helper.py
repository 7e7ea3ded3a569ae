"""A CSV reader helper and a batch chosen by a conditional expression over its elements, in the function
that makes the producer; `from tensorflow.compat.v1 import train` style. Runs the ordered branch (eval) and
the shuffled one (train, compared as a multiset)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

COLUMNS = 3


def read_row(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    defaults = [[0.0] for _ in range(COLUMNS - 1)] + [[0]]
    fields = tf.decode_csv(line, record_defaults=defaults)
    return tf.stack(fields[:COLUMNS - 1]), fields[-1]


def input_pipeline(filenames, batch_size, shuffle, num_epochs=1):
    filename_queue = train.string_input_producer(filenames, shuffle=False, num_epochs=num_epochs)
    features, label = read_row(filename_queue)
    features = features * 2.0
    features_batch, label_batch = (
        train.shuffle_batch([features, label], batch_size=batch_size, capacity=80, min_after_dequeue=10, seed=1)
        if shuffle else
        train.batch([features, label], batch_size=batch_size, capacity=80))
    return features_batch, label_batch


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([a.tolist() for a in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    files = sorted(os.path.join(data_dir, f) for f in os.listdir(data_dir) if f.startswith('table-'))
    ordered_fetch = input_pipeline(files, 7, shuffle=False)
    shuffled_fetch = input_pipeline(files, 10, shuffle=True)  # 150 rows: no tail dropped at random
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, ordered_fetch)
        shuffled, end2 = _drain(sess, shuffled_fetch)
        coord.request_stop()
        coord.join(threads)
    rows = sorted((tuple(f), l) for b in shuffled for f, l in zip(*b))
    return {'batches': ordered + [[len(shuffled), [list(r) for r in rows]]], 'end': end if end == end2 else None}
