"""A session helper class: `__enter__` makes the session, initialises, makes the coordinator and starts the
runners, all kept on `self`; `__exit__` stops and joins them and swallows the end of data."""

import glob
import os

import tensorflow.compat.v1 as tf


class RunnerSession(object):
    def __init__(self, grace=5):
        self.grace = grace

    def __enter__(self):
        self.sess = tf.Session()
        self.sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
        self.coord = tf.train.Coordinator()
        self.threads = tf.train.start_queue_runners(sess=self.sess, coord=self.coord)
        return self.sess

    def __exit__(self, exc_type, exc, tb):
        self.coord.request_stop()
        self.coord.join(self.threads, stop_grace_period_secs=self.grace)
        self.sess.close()
        return exc_type is not None and issubclass(exc_type, tf.errors.OutOfRangeError)


def rows(paths):
    queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return tf.train.batch([a, b, label], batch_size=7, allow_smaller_final_batch=True)


def main(data_dir):
    a, b, label = rows(sorted(glob.glob(os.path.join(data_dir, "table-*.csv"))))
    batches = []
    with RunnerSession() as sess:
        while True:
            x, y, z = sess.run([a, b, label])
            batches.append([x.tolist(), y.tolist(), z.tolist()])
    return {"batches": batches, "end": "exhausted"}
