"""Copies written as literal lists: `path, label = slice_input_producer([...])` unpacked, then
`[[tf.strings.length(tf.read_file(path)), label] for _ in range(2)]` joined by `shuffle_batch_join` in a class
method; batch sizes and sorted rows."""

import os

import tensorflow.compat.v1 as tf


class Lengths(object):

    def __init__(self, data_dir):
        self.paths = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
        self.labels = list(range(6))

    def batch(self):
        path, label = tf.train.slice_input_producer([self.paths, self.labels], num_epochs=3, shuffle=True, seed=8)
        examples = [[tf.strings.length(tf.read_file(path)), label * 10] for _ in range(2)]
        return tf.train.shuffle_batch_join(examples, batch_size=4, capacity=16, min_after_dequeue=2,
                                           allow_smaller_final_batch=True)


def main(data_dir):
    length, label = Lengths(data_dir).batch()
    sizes, rows, end = [], [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                n, l = sess.run([length, label])
                sizes.append(len(n))
                rows.extend(zip(n.tolist(), l.tolist()))
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": [sizes, sorted(rows)], "end": end}
