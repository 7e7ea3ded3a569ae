"""WaveNet's reader shape: the class takes the coordinator in __init__, keeps it as self.coord, its loop checks it."""
import threading

import numpy as np
import tensorflow.compat.v1 as tf


def load_rows(n):
    for i in range(n):
        yield np.array([i, i * 2.0], dtype=np.float32), i % 3


class RowReader(object):
    def __init__(self, n, coord, queue_size=8):
        self.n = n
        self.coord = coord
        self.threads = []
        self.row = tf.placeholder(dtype=tf.float32, shape=[2])
        self.label = tf.placeholder(dtype=tf.int32, shape=[])
        self.queue = tf.FIFOQueue(queue_size, ['float32', 'int32'], shapes=[(2,), ()])
        self.enqueue = self.queue.enqueue([self.row, self.label])
        self.close = self.queue.close()

    def dequeue(self, num_elements):
        return self.queue.dequeue_many(num_elements)

    def thread_main(self, sess):
        for row, label in load_rows(self.n):
            if self.coord.should_stop():
                break
            sess.run(self.enqueue, feed_dict={self.row: row, self.label: label})
        sess.run(self.close)

    def start_threads(self, sess, n_threads=1):
        for _ in range(n_threads):
            thread = threading.Thread(target=self.thread_main, args=(sess,))
            thread.daemon = True
            thread.start()
            self.threads.append(thread)
        return self.threads


def main(data_dir):
    coordinator = tf.train.Coordinator()
    reader = RowReader(22, coordinator, queue_size=8)
    rows, labels = reader.dequeue(4)
    result = {'batches': [], 'end': None}
    with tf.Session() as session:
        runners = tf.train.start_queue_runners(sess=session, coord=coordinator)
        started = reader.start_threads(session)
        try:
            while not coordinator.should_stop():
                got = session.run({'rows': rows, 'labels': labels})
                result['batches'].append([got['rows'].tolist(), got['labels'].tolist()])
        except tf.errors.OutOfRangeError:
            result['end'] = 'OutOfRangeError'
        finally:
            coordinator.request_stop()
            coordinator.join(runners + started)
    return result
