"""A feeding class in the shape of the waveform/seismic readers, TF1-style (`import tensorflow as tf`,
`tf.compat.v1` calls): placeholders, a `tf.queue.RandomShuffleQueue` whose capacity, `min_after_dequeue` and
seed are parameters of the method `__init__` calls to build it (under `tf.device`), `dequeue(n)` =
`dequeue_many`; `load(sess, shard, coord)` feeds one CSV file's rows; `start(sess, coord)` runs one thread per
file, the coordinator passed on, and a closer thread that joins them and closes the queue."""
import csv
import os
import threading

import tensorflow as tf


class ShardFeeder:
    def __init__(self, shards, capacity=20, min_after_dequeue=4, seed=None):
        self.shards = shards
        self.workers = []
        self.build(capacity, min_after_dequeue, seed)

    def build(self, capacity, min_after_dequeue, seed):
        with tf.device('/cpu:0'):
            self.point = tf.compat.v1.placeholder(tf.float32, shape=[2], name='point')
            self.label = tf.compat.v1.placeholder(tf.int64, shape=[], name='label')
            self.examples = tf.queue.RandomShuffleQueue(capacity, min_after_dequeue, [tf.float32, tf.int64],
                                                        shapes=[[2], []], seed=seed)
            self.push = self.examples.enqueue([self.point, self.label], name='push')
            self.stop_op = self.examples.close()

    def dequeue(self, n):
        return self.examples.dequeue_many(n)

    def load(self, sess, shard, coord):
        with open(shard) as f:
            for row in csv.reader(f):
                if coord.should_stop():
                    return
                sess.run(self.push, feed_dict={self.point: [float(row[0]), float(row[1])],
                                               self.label: int(row[2])})

    def _close_after(self, sess, workers):
        for worker in workers:
            worker.join()
        sess.run(self.stop_op)

    def start(self, sess, coord):
        workers = []
        for shard in self.shards:
            worker = threading.Thread(target=self.load, args=(sess, shard, coord))
            worker.daemon = True
            worker.start()
            workers.append(worker)
        closer = threading.Thread(target=self._close_after, args=(sess, workers))
        closer.start()
        self.workers = workers + [closer]
        return self.workers


def main(data_dir):
    shards = []
    for k, n in enumerate((9, 7, 9)):  # (a whole number of batches: which tail a shuffle drops is chance)
        path = os.path.join(data_dir, 'feeder_per_file-%d.csv' % k)
        with open(path, 'w') as f:
            for i in range(n):
                f.write('%d,%d.5,%d\n' % (k * 100 + i, i, i % 4))
        shards.append(path)
    coord = tf.compat.v1.train.Coordinator()
    feeder = ShardFeeder(shards, seed=7)
    points, labels = feeder.dequeue(5)
    out, end = [], None
    with tf.compat.v1.Session() as sess:
        workers = feeder.start(sess, coord)
        try:
            while True:
                p, l = sess.run([points, labels])
                out.append([p.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
            coord.join(workers)
    return {'batches': out, 'end': end}
