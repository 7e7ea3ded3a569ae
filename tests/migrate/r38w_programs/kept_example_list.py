"""A helper's returned tuple kept by its caller under one name and batched whole as `list(example)`; a class's
method returning a tuple kept and batched as `[*example]`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf


def write_csv(path, n):
    with open(path, 'w') as f:
        for i in range(n):
            f.write('%d,%.1f,%d\n' % (i, 1.5 * i, i % 3))


def read_and_decode(filename_queue):
    reader = tf.TextLineReader()
    _, line = reader.read(filename_queue)
    ident, value, group = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return ident, value * 2.0, group


def input_pipeline(path):
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    example = read_and_decode(filename_queue)
    return tf.train.batch(list(example), batch_size=3, capacity=12)


class Pairs(object):
    def __init__(self, path):
        self.path = path

    def decode(self, queue):
        _, line = tf.TextLineReader().read(queue)
        ident, value, _group = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
        return (ident + 100, value)

    def batches(self):
        queue = tf.train.string_input_producer([self.path], num_epochs=1, shuffle=False)
        example = self.decode(queue)
        return tf.train.batch([*example], 3)


def main(data_dir):
    folder = os.path.join(data_dir, 'r38w_kept')
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, 'rows.csv')
    write_csv(path, 9)
    first = input_pipeline(path)
    second = Pairs(path).batches()
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for tensors in (first, second):
            try:
                while True:
                    out.append([np.asarray(v).tolist() for v in sess.run(tensors)])
            except tf.errors.OutOfRangeError:
                pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "batches: %d" % len(out)}
