"""A class whose method builds the queue over another module's reader helper and starts its runner by
hand, the threads list joined with `start_queue_runners`' (`threads = start + qr.create_threads(...)`); two
instances (two callers)."""
import os

import tensorflow.compat.v1 as tf

from hq2_lib import readers


class Loader:
    def __init__(self, path, threads=2):
        self.path = path
        self.threads = threads

    def collect(self):
        key, value = readers.read_pairs(self.path)
        fifo = tf.FIFOQueue(5, dtypes=[tf.int32, tf.int32], shapes=[[], []])
        put = fifo.enqueue([key, value])
        qr = tf.train.QueueRunner(fifo, [put] * 2)
        key_out, value_out = fifo.dequeue()
        batches = []
        with tf.Session() as sess:
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord) + qr.create_threads(
                sess, coord=coord, start=True)
            try:
                while True:
                    a, b = sess.run([key_out, value_out])
                    batches.append([[int(a)], [int(b)]])
            except tf.errors.OutOfRangeError:
                pass
            coord.request_stop()
            coord.join(threads)
        return batches


def main(data_dir):
    out = os.path.join(data_dir, "hq2_class")
    os.makedirs(out, exist_ok=True)
    paths = []
    for n in range(2):
        path = os.path.join(out, "pairs%d.csv" % n)
        with open(path, "w") as f:
            for k in range(8):
                f.write("%d,%d\n" % (n * 100 + k, k * k))
        paths.append(path)
    batches = Loader(paths[0]).collect()
    with tf.Graph().as_default():
        batches += Loader(paths[1]).collect()
    return {"batches": batches, "end": "pairs: %d" % len(batches)}
