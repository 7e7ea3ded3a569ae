"""CSV batches read inside a context manager of this module that starts the runners (start_queue_runners)."""
import contextlib
import os

import tensorflow.compat.v1 as tf


@contextlib.contextmanager
def queue_runners(sess):
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        yield
    finally:
        coord.request_stop()
        coord.join(threads)


def _write(data_dir):
    path = os.path.join(data_dir, 'fixc7_same.csv')
    with open(path, 'w') as f:
        for i in range(9):
            f.write('%d,%.1f\n' % (i, 1.5 * i))
    return path


def main(data_dir):
    path = _write(data_dir)
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    ident, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    ids, values = tf.train.batch([ident, value], batch_size=3, capacity=9)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        with queue_runners(sess):
            try:
                while True:
                    i, v = sess.run([ids, values])
                    batches.append([i.tolist(), v.tolist()])
            except tf.errors.OutOfRangeError:
                pass
    return {'batches': batches, 'end': 'three batches'}
