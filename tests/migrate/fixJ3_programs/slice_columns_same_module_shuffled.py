"""Columns read from a text file by a helper of this module (a list of lists, how many known only at run time),
sliced with shuffle and a seed over two epochs, read by index (one negative) into a shuffle_batch."""
import os

import tensorflow as tf


def read_columns(path):
    with open(path) as f:
        rows = [line.split(',') for line in f if line.strip()]
    return [[int(r[0]) for r in rows], [float(r[1]) for r in rows], [r[2].strip() for r in rows]]


def pipeline(path, size):
    columns = read_columns(path)
    slices = tf.compat.v1.train.slice_input_producer(columns, num_epochs=2, shuffle=True, seed=3)
    ident = slices[0]
    scaled = slices[1] * 2.0
    return tf.compat.v1.train.shuffle_batch([ident, scaled, slices[-1]], size, capacity=20, min_after_dequeue=4,
                                            seed=7)


def main(data_dir):
    folder = os.path.join(data_dir, 'fj3_columns')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    with open(path, 'w') as f:
        for i in range(7):
            f.write('%d,%.1f,w%d\n' % (i, i * 0.5, i % 3))
    ids, values, words = pipeline(path, 2)
    batches, end = [], "none"
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b, c = sess.run([ids, values, words])
                batches.append([a.tolist(), b.tolist(), [w.decode() for w in c]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
