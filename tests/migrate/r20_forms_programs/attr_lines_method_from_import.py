"""A CSV pipeline built by a method (not `__init__`): the reader and the queue kept on `self` under other
names, `from tensorflow.compat.v1 import train` for the producer and the batch; `reader` is also a local name of
another function (a reused name)."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class Table:
    def __init__(self, data_dir):
        self.paths = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]

    def build(self):
        self.names = train.string_input_producer(self.paths, num_epochs=1, shuffle=False)
        self.lines = tf.TextLineReader(skip_header_lines=1)
        key, line = self.lines.read(self.names)
        a, b, label = tf.decode_csv(line, [[0], [0.0], [0]])
        return train.batch([a, b + 1.0, label], batch_size=7, allow_smaller_final_batch=True)


def describe(reader):
    return "reader %s" % reader


def main(data_dir):
    a, b, label = Table(data_dir).build()
    batches, end = [], describe("none")
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                got = sess.run([a, b, label])
                batches.append([g.tolist() for g in got])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
