"""Tabular CSV classifier input, script style: module-level constants (`BATCH_SIZE`, `NUM_THREADS`,
`RECORD_DEFAULTS`), files found with `tf.gfile.Glob`, `TextLineReader(skip_header_lines=1)`, rows of class 0
dropped by **`tf.train.maybe_shuffle_batch(keep_input=...)`** with two threads; `coord.should_stop()` loop with
`try/except OutOfRangeError/finally`."""

import os

import tensorflow.compat.v1 as tf

BATCH_SIZE = 16
NUM_THREADS = 2
MIN_AFTER_DEQUEUE = 20
RECORD_DEFAULTS = [[0], [0.0], [0]]


def main(data_dir):
    csv_files = sorted(tf.gfile.Glob(os.path.join(data_dir, 'table-*.csv')))
    filename_queue = tf.train.string_input_producer(csv_files, num_epochs=1, shuffle=True, seed=7)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    a, b, label = tf.decode_csv(value, record_defaults=RECORD_DEFAULTS)
    features = tf.stack([tf.cast(a, tf.float32), b])
    keep = tf.not_equal(label, 0)
    capacity = MIN_AFTER_DEQUEUE + (NUM_THREADS + 2) * BATCH_SIZE
    feature_batch, label_batch = tf.train.maybe_shuffle_batch(
        [features, label], batch_size=BATCH_SIZE, capacity=capacity, min_after_dequeue=MIN_AFTER_DEQUEUE,
        keep_input=keep, num_threads=NUM_THREADS, seed=7, allow_smaller_final_batch=True)

    batches, end = [], None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            f, l = sess.run([feature_batch, label_batch])
            batches.append([f.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
