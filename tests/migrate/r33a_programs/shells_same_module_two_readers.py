"""The class, the batching function and the caller in one module (`from tensorflow.compat.v1 import train`); the
reader keeps `skip_header_lines`, the method is named `rows`; two objects, each handed to the function once
(one of them made inline in the call), two epochs of one and one of the other."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


class CsvRows(object):
    def __init__(self, paths, epochs, scale):
        self.scale = scale
        self.paths_queue = train.string_input_producer(paths, num_epochs=epochs, shuffle=False)

    def rows(self):
        _, line = tf.TextLineReader(skip_header_lines=1).read(self.paths_queue)
        a, b = tf.decode_csv(line, [[0], [0.0]])
        return a * self.scale, b


def batched(rows_obj, n):
    a, b = rows_obj.rows()
    fifo = tf.FIFOQueue(10, [tf.int32, tf.float32], shapes=[[], []])
    enqueue = fifo.enqueue([a, b])
    runner = train.QueueRunner(fifo, [enqueue])
    train.add_queue_runner(runner)
    a_batch, b_batch = fifo.dequeue_many(n)
    return a_batch, b_batch + 0.5


def write(data_dir, name, rows):
    path = os.path.join(data_dir, name)
    with open(path, "w") as f:
        f.write("a,b\n")
        for i in rows:
            f.write("%d,%.2f\n" % (i, i / 4.0))
    return path


def main(data_dir):
    first = [write(data_dir, "r33a_rows_a.csv", range(5)), write(data_dir, "r33a_rows_b.csv", range(5, 9))]
    second = [write(data_dir, "r33a_rows_c.csv", range(100, 107))]
    train_rows = CsvRows(first, 2, scale=3)
    a1, b1 = batched(train_rows, 4)
    a2, b2 = batched(CsvRows(second, 1, scale=-1), 2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                x, y = sess.run([a1, b1])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        try:
            while True:
                x, y = sess.run([a2, b2])
                batches.append([x.tolist(), y.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "done"}
