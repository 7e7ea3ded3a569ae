"""A data-feeder class in the shape of the waveform/seismic readers: placeholders, a
`tf.queue.RandomShuffleQueue`, its enqueue op and a `dequeue(num_elements)` method made in the class;
`thread_main` feeds the rows of one CSV file, `start_threads` runs one thread per file and a closer that
closes the queue when they are done. TF1-style file: `import tensorflow as tf`, `tf.compat.v1` calls.
"""

import csv
import glob
import os
import threading

import tensorflow as tf


class DataFeeder(object):
    def __init__(self, files, coord, queue_size=64, min_after_dequeue=16, seed=None):
        self.files = files
        self.coord = coord
        self.threads = []
        self.queue_size = queue_size
        self.add_queue(min_after_dequeue, seed)

    def add_queue(self, min_after_dequeue, seed):
        with tf.device('/cpu:0'):
            self.sample_placeholder = tf.compat.v1.placeholder(dtype=tf.float32, shape=[2])
            self.target_placeholder = tf.compat.v1.placeholder(dtype=tf.int32, shape=[])
            self.queue = tf.queue.RandomShuffleQueue(
                self.queue_size, min_after_dequeue, ['float32', 'int32'], shapes=[[2], []], seed=seed)
            self.enqueue = self.queue.enqueue([self.sample_placeholder, self.target_placeholder])
            self.close = self.queue.close()
        return 0

    def dequeue(self, num_elements):
        output = self.queue.dequeue_many(num_elements)
        return output

    def thread_main(self, sess, path):
        with open(path) as f:
            for row in csv.DictReader(f):
                if self.coord.should_stop():
                    return
                sample = [float(row['a']), float(row['b'])]
                target = int(row['label'])
                try:
                    sess.run(self.enqueue, feed_dict={self.sample_placeholder: sample,
                                                      self.target_placeholder: target})
                except tf.errors.CancelledError:
                    return

    def _close_when_done(self, sess, feeders):
        for thread in feeders:
            thread.join()
        if not self.coord.should_stop():
            sess.run(self.close)

    def start_threads(self, sess, n_threads=None):
        feeders = []
        for path in self.files[:n_threads]:
            thread = threading.Thread(target=self.thread_main, args=(sess, path))
            thread.daemon = True  # Thread will close when parent quits.
            thread.start()
            feeders.append(thread)
        closer = threading.Thread(target=self._close_when_done, args=(sess, feeders))
        closer.daemon = True
        closer.start()
        self.threads = feeders + [closer]
        return self.threads


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, 'table-*.csv')))
    batch_size = 10
    coord = tf.compat.v1.train.Coordinator()
    feeder = DataFeeder(files, coord)
    sample_batch, target_batch = feeder.dequeue(batch_size)

    batches = []
    end = None
    sess = tf.compat.v1.Session()
    threads = feeder.start_threads(sess)
    try:
        while True:
            x, y = sess.run([sample_batch, target_batch])
            batches.append([x.tolist(), y.tolist()])
    except tf.errors.OutOfRangeError:
        end = 'OutOfRangeError'
    finally:
        coord.request_stop()
        sess.run(feeder.queue.close(cancel_pending_enqueues=True))
        coord.join(threads, stop_grace_period_secs=10)
        sess.close()
    return {"batches": batches, "end": end}
