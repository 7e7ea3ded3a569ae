"""A numpy matrix behind ``placeholder_with_default``, fed to nothing: ``input_producer(shuffle=True)`` with an
``element_shape`` reads its rows (a multiset); an evaluation function reuses the name for a placeholder it feeds."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

WIDTH = 5


def evaluate(sess, weights):
    input_tensor = tf.placeholder(tf.float32, shape=[None, WIDTH])  # (another tensor of the same name, fed)
    total = tf.reduce_sum(input_tensor * weights)
    return float(sess.run(total, feed_dict={input_tensor: np.ones([2, WIDTH], np.float32)}))


def main(data_dir):
    path = os.path.join(data_dir, "r34h_matrix.csv")
    np.savetxt(path, np.arange(12 * WIDTH, dtype=np.float32).reshape(12, WIDTH), delimiter=",", fmt="%.1f")
    matrix = np.loadtxt(path, delimiter=",", dtype=np.float32)
    input_tensor = tf.placeholder_with_default(matrix, shape=[None, WIDTH])
    row = tf.train.input_producer(input_tensor, element_shape=[WIDTH], num_epochs=1, shuffle=True, seed=3,
                                  capacity=16).dequeue()
    head, tail = row[:2], tf.reduce_sum(row[2:])
    head_batch, tail_batch = tf.train.batch([head, tail], batch_size=4)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                h, t = sess.run([head_batch, tail_batch])
                batches.append([h.tolist(), t.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
        checked = evaluate(sess, tf.constant(2.0))
    return {"batches": batches, "end": "rows done %s" % checked}
