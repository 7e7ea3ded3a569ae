"""Two pipeline functions, one caller: a py_func's outputs unpacked on a line of their own (`image, label =
tf_f`) or read by index into per-element ops (`scaled = tf_f[0] * 2.0`) before `tf.train.batch` (`import
tensorflow as tf`)."""
import numpy as np
import tensorflow as tf


def sample(i):
    return np.full([3], i, np.float32), np.int64(i * 7)


def unpacked(n):
    idx = tf.compat.v1.train.range_input_producer(n, num_epochs=1, shuffle=False).dequeue()
    tf_f = tf.compat.v1.py_func(sample, [idx], [tf.float32, tf.int64])
    tf_f[0].set_shape([3])
    tf_f[1].set_shape([])
    image, label = tf_f
    return tf.compat.v1.train.batch([image, label], 3)


def indexed(n):
    idx = tf.compat.v1.train.range_input_producer(n, num_epochs=1, shuffle=False).dequeue()
    tf_f = tf.compat.v1.py_func(sample, [idx], [tf.float32, tf.int64])
    tf_f[0].set_shape([3])
    tf_f[1].set_shape(())
    scaled = tf_f[0] * 2.0
    return tf.compat.v1.train.batch([scaled, tf_f[1]], 3)


def run(n, unpack):
    images, labels = unpacked(n) if unpack else indexed(n)
    out = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess, coord)
        try:
            while True:
                a, b = sess.run([images, labels])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return out


def main(data_dir):
    with tf.Graph().as_default():
        first = run(6, True)
    with tf.Graph().as_default():
        second = run(9, False)
    return {"batches": first + second, "end": "%d + %d" % (len(first), len(second))}
