"""A local flag (`training = mode == 'train'`) sets the file producer's `shuffle` and chooses `shuffle_batch`
or `batch` in an `if`/`else`; an evaluation call read in order, a training call read as a multiset of rows and
batch sizes; `import tensorflow.compat.v1 as tf`."""

import glob
import os

import tensorflow.compat.v1 as tf


def csv_batches(data_dir, mode):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    training = mode == 'train'
    queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=training, seed=3)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    if training:
        batch = tf.train.shuffle_batch([a, b * 2.0, label], batch_size=8, capacity=60, min_after_dequeue=20,
                                       allow_smaller_final_batch=True)
    else:
        batch = tf.train.batch([a, b * 2.0, label], batch_size=8, allow_smaller_final_batch=True)
    return batch


def _drain(sess, fetch):
    out = []
    try:
        while True:
            out.append([c.tolist() for c in sess.run(fetch)])
    except tf.errors.OutOfRangeError:
        return out, 'OutOfRangeError'


def main(data_dir):
    ordered_fetch = csv_batches(data_dir, 'eval')
    shuffled_fetch = csv_batches(data_dir, 'train')
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        ordered, end = _drain(sess, ordered_fetch)
        shuffled, end2 = _drain(sess, shuffled_fetch)
        coord.request_stop()
        coord.join(threads)
    rows = sorted(r for b in shuffled for r in zip(*b))
    return {'batches': ordered + [[len(b[0]) for b in shuffled], [list(r) for r in rows]],
            'end': end if end == end2 else None}
