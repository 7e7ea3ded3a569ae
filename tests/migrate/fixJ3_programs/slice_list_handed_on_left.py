"""The list is handed to another call after it is bound (it could be changed there): left, with the reason."""
import os

import tensorflow.compat.v1 as tf


def load_lists(path):
    with open(path) as f:
        rows = [line.split() for line in f if line.strip()]
    return [[int(r[0]) for r in rows], [int(r[1]) for r in rows]]


def remember(lists):
    return len(lists)


def main(data_dir):
    folder = os.path.join(data_dir, 'fj3_left')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.txt')
    with open(path, 'w') as f:
        f.write('1 2\n3 4\n5 6\n')
    res = load_lists(path)
    remember(res)
    sliced = tf.train.slice_input_producer(res, num_epochs=1, shuffle=False)
    batch = tf.train.batch([sliced[0], sliced[1]], 3)
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        a, b = sess.run(batch)
        coord.request_stop()
        coord.join(threads)
    return {"batches": [a.tolist(), b.tolist()]}
