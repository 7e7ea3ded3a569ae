"""Feeds loom sensor rows into a FIFOQueue from a background thread."""
import csv
import threading

import tensorflow.compat.v1 as tf

N_SENSORS = 5


class LoomFeeder(object):
    def __init__(self, csv_path, batch_size, chunk_size=5, queue_capacity=64):
        self.csv_path = csv_path
        self.chunk_size = chunk_size
        self.x = tf.placeholder(tf.float32, shape=[None, N_SENSORS], name='x')
        self.y = tf.placeholder(tf.int32, shape=[None], name='y')
        self.queue = tf.FIFOQueue(capacity=queue_capacity, dtypes=[tf.float32, tf.int32],
                                  shapes=[[N_SENSORS], []])
        self.enqueue_op = self.queue.enqueue_many([self.x, self.y])
        self.close_op = self.queue.close()
        self.threads = []

    def get_inputs(self, batch_size):
        return self.queue.dequeue_many(batch_size)

    def chunks(self):
        xs, ys = [], []
        with open(self.csv_path) as f:
            for row in csv.reader(f):
                xs.append([float(v) for v in row[:N_SENSORS]])
                ys.append(int(row[N_SENSORS]))
                if len(xs) == self.chunk_size:
                    yield xs, ys
                    xs, ys = [], []
        if xs:
            yield xs, ys

    def thread_main(self, sess, coord):
        for xs, ys in self.chunks():
            if coord.should_stop():
                return
            sess.run(self.enqueue_op, feed_dict={self.x: xs, self.y: ys})
        sess.run(self.close_op)

    def start_threads(self, sess, coord):
        t = threading.Thread(target=self.thread_main, args=(sess, coord))
        t.daemon = True
        t.start()
        self.threads.append(t)
        return self.threads
