"""The split through ``import tensorflow as tf`` and ``tf.compat.v1``: the builder returns the queue, the
starter's thread runs a module-level feeding function handed its ops, the consumer takes one element a
``dequeue()``; the program reads until the closed queue runs dry."""
import os
import threading

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


def build_queue(capacity):
    queue = v1.FIFOQueue(capacity, [tf.int64, tf.float32], shapes=[[2], []])
    return queue


def feed_rows(sess, put, done, pair_ph, weight_ph, path):
    with open(path) as f:
        for line in f:
            a, b, w = line.split()
            sess.run(put, feed_dict={pair_ph: np.array([int(a), int(b)], np.int64), weight_ph: float(w)})
    sess.run(done)


def start_feeding(queue, sess, path):
    pair_ph = v1.placeholder(tf.int64, shape=[2])
    weight_ph = v1.placeholder(tf.float32, shape=[])
    put = queue.enqueue([pair_ph, weight_ph])
    done = queue.close()
    thread = threading.Thread(target=feed_rows, args=(sess, put, done, pair_ph, weight_ph, path))
    thread.start()
    return thread


def next_pair(queue):
    pair, weight = queue.dequeue()
    scaled = tf.cast(pair, tf.float32) * weight
    return pair, scaled


def main(data_dir):
    root = os.path.join(data_dir, 'fixb4_single')
    os.makedirs(root, exist_ok=True)
    path = os.path.join(root, 'pairs.txt')
    with open(path, 'w') as f:
        f.write('\n'.join('%d %d %.1f' % (i, i + 1, i / 2.0) for i in range(8)) + '\n')
    queue = build_queue(10)
    pair, scaled = next_pair(queue)
    sess = v1.Session()
    thread = start_feeding(queue, sess, path)
    out = []
    try:
        while True:
            out.append([sess.run([pair, scaled])[k].tolist() for k in range(2)] +
                       [sess.run([pair, scaled])[k].tolist() for k in range(2)])
    except tf.errors.OutOfRangeError:
        pass
    thread.join()
    sess.close()
    return {"batches": out, "end": "OutOfRangeError"}
